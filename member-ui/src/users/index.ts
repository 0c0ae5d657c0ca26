export { UserSettingsPage } from './UserSettingsPage';
