import ViewListIcon from '@mui/icons-material/ViewList';
import { lazyPage } from '../layout/lazyPage';

/** The group categories (directory tabs): one record (id `network`) with their order, edited only; reached from the menu. */
export const groupCategories = {
  edit: lazyPage(() => import('./GroupCategoriesEdit').then((module) => module.GroupCategoriesEdit)),
  icon: ViewListIcon,
  recordRepresentation: () => '',
};
export const GROUP_CATEGORIES_EDIT_PATH = '/group-categories/network';
