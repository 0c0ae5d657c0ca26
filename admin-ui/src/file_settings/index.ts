import FolderIcon from '@mui/icons-material/Folder';
import { lazyPage } from '../layout/lazyPage';

/** The files area's settings: one record (id `network`), edited only; reached from the menu at /file_settings/network. */
export const fileSettings = {
  edit: lazyPage(() => import('./FileSettingsEdit').then((module) => module.FileSettingsEdit)),
  icon: FolderIcon,
  recordRepresentation: () => '',
};
export const FILE_SETTINGS_EDIT_PATH = '/file_settings/network';
