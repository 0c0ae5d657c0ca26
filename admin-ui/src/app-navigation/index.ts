import { lazyPage } from '../layout/lazyPage';

/** The native app's navigation: one record (the network's), edited on its own page (spec route). */
export const APP_NAVIGATION_PATH = '/administration/app_navigation/edit';
export const AppNavigationPage = lazyPage(() => import('./AppNavigationEdit').then((module) => module.AppNavigationEdit));
