import CategoryIcon from '@mui/icons-material/Category';
import { lazyPage } from '../layout/lazyPage';

/** The custom appointment categories: one record (id `network`), edited only; reached from the menu. */
export const appointmentCategories = {
  edit: lazyPage(() => import('./AppointmentCategoriesEdit').then((module) => module.AppointmentCategoriesEdit)),
  icon: CategoryIcon,
  recordRepresentation: () => '',
};
export const APPOINTMENT_CATEGORIES_EDIT_PATH = '/appointment-categories/network';
export { CATEGORIES_RECORD_ID, categoriesChangeOf, type CategoriesRecord } from './categoriesChange';
