// Widget bars: what both consoles need without zod (the member console's start page, the editor's rules).

export const NETWORK_WIDGETBAR_SCOPE = 'network';
export const WIDGETBARS_COLLECTION = 'widgetbars';
/**
 * the topic a console watches besides `widgetbars` while it shows a bar with an online-members widget: a
 * member coming online or going offline is told only to those (no other widget shows presence)
 */
export const WIDGETBARS_ONLINE_TOPIC = 'widgetbars_online';
/** the start page's bar */
export const DASHBOARD_WIDGETBAR_SLUG = 'dashboard';
export const WIDGETBAR_SLUG_PATTERN = /^[a-z0-9][a-z0-9_]{0,49}$/;
export const WIDGETBAR_WIDGETS_MAX = 30;
export const WIDGETBAR_COUNT_MAX = 100;

export const WIDGET_TYPES = ['admin_members', 'appointments', 'birthday', 'group_info', 'most_viewed_files', 'newest_members', 'online_members', 'rss', 'speed_dial', 'text'] as const;
export type WidgetTypeName = (typeof WIDGET_TYPES)[number];
/** the widget types a network bar may hold: group_info only in group bars */
export const NETWORK_WIDGET_TYPES: readonly WidgetTypeName[] = WIDGET_TYPES.filter((type) => type !== 'group_info');
export const WIDGET_RENDERERS = ['markdown', 'html_sanitized'] as const;
/**
 * The member profile fields a members widget (admin_members, birthday) may show under each member
 * (`profile_fields`, 'all': every one). Each shows only as far as the viewer may see it on the member's
 * page: email and birthday to the member themself and network administrators, the age where the member
 * shows it. A name not listed here (a custom field still to come) shows nothing.
 */
export const WIDGET_PROFILE_FIELDS = ['first_name', 'last_name', 'email', 'birthday', 'age'] as const;
export type WidgetProfileField = (typeof WIDGET_PROFILE_FIELDS)[number];
export const ALL_OPTION = 'all';

/**
 * Several options chosen where 'all' is one of them: choosing 'all' last leaves only 'all'; choosing
 * anything after 'all' drops 'all'. The order is the order of choosing.
 */
export const withAllOption = (values: readonly string[]): string[] => {
  const unique = [...new Set(values)];
  if (!unique.includes(ALL_OPTION)) return unique;
  return values[values.length - 1] === ALL_OPTION ? [ALL_OPTION] : unique.filter((value) => value !== ALL_OPTION);
};

/** whether a bar of this scope may hold a widget of this type */
export const widgetAllowedIn = (type: WidgetTypeName, scope: string): boolean => type !== 'group_info' || scope !== NETWORK_WIDGETBAR_SCOPE;
