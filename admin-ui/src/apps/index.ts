import AppsIcon from '@mui/icons-material/Apps';
import { lazyPage } from '../layout/lazyPage';

/** Apps and their property sets (the property-set editor). */
export const apps = {
  list: lazyPage(() => import('./AppsList').then((module) => module.AppsList)),
  create: lazyPage(() => import('./AppCreate').then((module) => module.AppCreate)),
  edit: lazyPage(() => import('./AppEdit').then((module) => module.AppEdit)),
  icon: AppsIcon,
  recordRepresentation: 'name',
};
