// the feature's styles come with its chunk (the page components stay importable in specs, which load no CSS)
import './notifications.css';
export { NotificationsPage } from './NotificationsPage';
