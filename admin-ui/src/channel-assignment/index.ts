import { lazyPage } from '../layout/lazyPage';

/** The channel subscription assignment form (issue 14), a page of its own. */
export const CHANNEL_ASSIGNMENT_ROUTE = '/channel_settings/assign';
export const ChannelAssignmentPage = lazyPage(() => import('./ChannelAssignmentPage').then((module) => module.ChannelAssignmentPage));
