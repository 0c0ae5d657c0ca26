/** the editor's route in the console (the spec's /administration/widgetbars/{slug}/edit) */
export const WIDGETBAR_EDIT_ROUTE = '/widgetbars/:slug/edit';
export const widgetBarEditPath = (slug: string): string => `/widgetbars/${encodeURIComponent(slug)}/edit`;
