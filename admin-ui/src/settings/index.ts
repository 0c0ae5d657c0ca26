import SettingsIcon from '@mui/icons-material/Settings';
import { lazyPage } from '../layout/lazyPage';

/** The network settings: one record (id `network`), edited only; reached from the menu. */
export const settings = {
  edit: lazyPage(() => import('./SettingsEdit').then((module) => module.SettingsEdit)),
  icon: SettingsIcon,
  recordRepresentation: () => '',
};
export { SETTINGS_RECORD_ID } from './settings-record';
