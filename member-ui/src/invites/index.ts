export { InvitesPage } from './InvitesPage';
