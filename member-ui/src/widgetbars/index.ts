import './widgetbars.css';

export { WidgetBar } from './WidgetBar';
export { widgetBarsLive } from './widgetbars-queries';
