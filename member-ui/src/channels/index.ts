// the feature's styles come with its chunk (the page components stay importable in specs, which load no CSS)
import './channels.css';
export { ChannelPage } from './ChannelPage';
export { ChannelFormPage } from './ChannelFormPage';
export { DesignEditPage } from './DesignEditPage';
export { LayoutEditPage } from './LayoutEditPage';
export { WidgetFormPage } from './WidgetFormPage';
export { WidgetPage, WidgetsPage } from './WidgetsPage';
export { ArticleFormPage, ArticlePage } from './ArticlePages';
