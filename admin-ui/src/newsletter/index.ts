import MailIcon from '@mui/icons-material/Mail';
import { lazyPage } from '../layout/lazyPage';

export { NEWSLETTER_SETTINGS_PATH, NEWSLETTER_TEMPLATE_PATH, NEWSLETTER_UPCOMING_PATH } from './newsletter-paths';

/** The newsletter: three records of one resource, each on a page of its own (custom routes). */
export const newsletter = {
  icon: MailIcon,
  recordRepresentation: () => '',
};

export const NewsletterSettingsPage = lazyPage(() => import('./NewsletterSettingsEdit').then((module) => module.NewsletterSettingsEdit));
export const UpcomingActivitiesPage = lazyPage(() => import('./UpcomingActivitiesOrder').then((module) => module.UpcomingActivitiesOrder));
export const NewsletterTemplatePage = lazyPage(() => import('./NewsletterTemplateEdit').then((module) => module.NewsletterTemplateEdit));
