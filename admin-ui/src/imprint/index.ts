import InfoIcon from '@mui/icons-material/Info';
import { lazyPage } from '../layout/lazyPage';

/** The imprint: one record (id `network`), edited only; reached from the menu at /imprint/network. */
export const imprint = {
  edit: lazyPage(() => import('./ImprintEdit').then((module) => module.ImprintEdit)),
  icon: InfoIcon,
  recordRepresentation: () => '',
};
export const IMPRINT_EDIT_PATH = '/imprint/network';
