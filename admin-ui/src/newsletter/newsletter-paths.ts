/** the console's routes of the newsletter (the spec's /administration/newsletter/settings and its upcoming activities) */
export const NEWSLETTER_SETTINGS_PATH = '/newsletter/settings';
export const NEWSLETTER_UPCOMING_PATH = '/newsletter/settings/upcoming_activities';
export const NEWSLETTER_TEMPLATE_PATH = '/newsletter/template';
