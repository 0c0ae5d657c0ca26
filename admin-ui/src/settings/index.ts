import SettingsIcon from '@mui/icons-material/Settings';
import { SettingsEdit } from './SettingsEdit';

/** The network settings: one record (id `network`), edited only; reached from the menu. */
export const settings = {
  edit: SettingsEdit,
  icon: SettingsIcon,
  recordRepresentation: () => '',
};
export { SETTINGS_RECORD_ID } from './settingsDiff';
