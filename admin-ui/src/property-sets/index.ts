import TuneIcon from '@mui/icons-material/Tune';
import type { PropertySetSummary } from '@cn/contracts';
import { lazyPage } from '../layout/lazyPage';

/** The property-set editor (issue 14): a custom route per set name and context. */
export const PropertySetEditPage = lazyPage(() => import('./PropertySetEdit').then((module) => module.PropertySetEdit));
export { NETWORK_PROFILE_SET, PROPERTY_SET_EDIT_ROUTE, propertySetEditPath } from './paths';

/** The saved property sets (/administration/property_sets): one row per name and context, each opening the editor. */
export const propertySets = {
  list: lazyPage(() => import('./PropertySetList').then((module) => module.PropertySetList)),
  icon: TuneIcon,
  recordRepresentation: (set: PropertySetSummary) => set.name,
};
