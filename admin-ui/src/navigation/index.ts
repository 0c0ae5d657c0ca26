import MenuIcon from '@mui/icons-material/Menu';
import { lazyPage } from '../layout/lazyPage';

/** The network navigation: one record (id `network`), edited only; reached from the menu. */
export const navigation = {
  edit: lazyPage(() => import('./NavigationEdit').then((module) => module.NavigationEdit)),
  icon: MenuIcon,
  recordRepresentation: () => '',
};
export const NAVIGATION_EDIT_PATH = '/navigation/network';
