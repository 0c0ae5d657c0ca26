import { lazyPage } from '../layout/lazyPage';

/** The property-set editor (issue 14): a custom route per set name and context. */
export const PropertySetEditPage = lazyPage(() => import('./PropertySetEdit').then((module) => module.PropertySetEdit));
export { NETWORK_PROFILE_SET, PROPERTY_SET_EDIT_ROUTE, propertySetEditPath } from './paths';
