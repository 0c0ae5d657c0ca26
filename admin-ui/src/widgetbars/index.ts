import WidgetsIcon from '@mui/icons-material/Widgets';
import { lazyPage } from '../layout/lazyPage';

/** The network's widget bars: a list of bars and a drag-and-drop editor (a custom route, by slug). */
export const widgetbars = {
  list: lazyPage(() => import('./WidgetBarList').then((module) => module.WidgetBarList)),
  icon: WidgetsIcon,
  recordRepresentation: 'slug',
};
export const WidgetBarEditPage = lazyPage(() => import('./WidgetBarEdit').then((module) => module.WidgetBarEdit));
export { WIDGETBAR_EDIT_ROUTE, widgetBarEditPath } from './paths';
