export { CategoryAdministrationLayout, CategoryAdministrationPage, CategoryDesignsPage } from './CategoryAdministration';
export { CategoryNavigationPage } from './CategoryNavigationPage';
export { CategoryStatisticsPage } from './CategoryStatisticsPage';
