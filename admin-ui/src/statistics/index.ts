import { lazyPage } from '../layout/lazyPage';

/** The network statistics page, a custom route (statistics are read, never edited). */
export const STATISTICS_PATH_IN_CONSOLE = '/statistics';
export const StatisticsPage = lazyPage(() => import('./StatisticsPage').then((module) => module.StatisticsPage));
