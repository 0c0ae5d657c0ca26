import { z } from 'zod';
import { defineEvent, type EventOf } from '../common/events';
import { safeText } from '../common/safe-text';

/**
 * The native app's navigation (issue 14, spec "messages, files, …" §2, §4, §5): exactly five items at
 * depth 1, the last one the fixed 'more' item that lists the built-in items not placed elsewhere, and one
 * entry point (the screen the app opens on). One navigation per network, on one stream.
 */
export const appNavigationStream = (): string => 'app-navigation-network';
export const APP_NAVIGATION_ID = 'network';
/** the read model's collection: pushed changes name it */
export const APP_NAVIGATION_COLLECTION = 'app_navigations';

export const APP_NAVIGATION_ITEMS = 5;
export const APP_NAVIGATION_LABEL_MAX = 60;
export const APP_NAVIGATION_URL_MAX = 2000;
export const APP_NAVIGATION_ID_MAX = 40;

/** the built-in screens of the app: each is placed once, in the first four or in 'more' */
export const APP_NAVIGATION_DEFAULT_TYPES = ['default', 'activitystreams', 'messages', 'appointments', 'files', 'channels', 'directory', 'search', 'pages', 'settings'] as const;
export type AppNavigationDefaultType = (typeof APP_NAVIGATION_DEFAULT_TYPES)[number];
/** the types an administrator configures (a page: one of the network's pages, /pages/{slug}) */
export const APP_NAVIGATION_CUSTOM_TYPES = ['link', 'activitystream', 'page'] as const;
export const APP_NAVIGATION_TYPES = [...APP_NAVIGATION_CUSTOM_TYPES, 'more', ...APP_NAVIGATION_DEFAULT_TYPES] as const;
export type AppNavigationType = (typeof APP_NAVIGATION_TYPES)[number];

/** the icons the app ships (Material Symbols names) */
export const APP_NAVIGATION_ICONS = [
  'home',
  'dynamic_feed',
  'mail',
  'event',
  'folder',
  'forum',
  'contacts',
  'search',
  'description',
  'settings',
  'more_horiz',
  'link',
  'public',
  'groups',
  'star',
  'info',
  'campaign',
  'school',
  'work',
  'help',
] as const;
export type AppNavigationIcon = (typeof APP_NAVIGATION_ICONS)[number];

/** the icon an item gets with its type (and again whenever its type changes) */
export const APP_NAVIGATION_TYPE_ICONS: Record<AppNavigationType, AppNavigationIcon> = {
  link: 'link',
  activitystream: 'groups',
  page: 'description',
  more: 'more_horiz',
  default: 'home',
  activitystreams: 'dynamic_feed',
  messages: 'mail',
  appointments: 'event',
  files: 'folder',
  channels: 'forum',
  directory: 'contacts',
  search: 'search',
  pages: 'description',
  settings: 'settings',
};

/** the built-in items' titles in the app (default items' titles are not edited) */
export const APP_NAVIGATION_DEFAULT_LABELS: Record<'en' | 'de', Record<AppNavigationDefaultType, string>> = {
  en: {
    default: 'Start',
    activitystreams: 'Activities',
    messages: 'Messages',
    appointments: 'Appointments',
    files: 'Files',
    channels: 'Channels',
    directory: 'Directory',
    search: 'Search',
    pages: 'Pages',
    settings: 'Settings',
  },
  de: {
    default: 'Start',
    activitystreams: 'Aktivitäten',
    messages: 'Nachrichten',
    appointments: 'Termine',
    files: 'Dateien',
    channels: 'Kanäle',
    directory: 'Verzeichnis',
    search: 'Suche',
    pages: 'Seiten',
    settings: 'Einstellungen',
  },
};
export const APP_NAVIGATION_MORE_LABELS: Record<'en' | 'de', string> = { en: 'More', de: 'Mehr' };

export const isDefaultAppNavigationType = (type: string): type is AppNavigationDefaultType => (APP_NAVIGATION_DEFAULT_TYPES as readonly string[]).includes(type);
/** links and 'more' never open the app */
export const mayBeEntryPoint = (type: AppNavigationType): boolean => type !== 'link' && type !== 'more';

/** an absolute http(s) address (the app opens nothing else) */
export const parseAppLink = (value: string): URL | null => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
};
/** an address on the network's own host opens in the app's webview (its session lives there), never in the browser */
export const isSameHostLink = (value: string, host: string): boolean => parseAppLink(value)?.host.toLowerCase() === host.toLowerCase();

/** the built-in items the first four do not place, in their fixed order: what 'more' lists */
export const unusedDefaultTypes = (types: readonly string[]): AppNavigationDefaultType[] => APP_NAVIGATION_DEFAULT_TYPES.filter((type) => !types.includes(type));

// ---- the save request ----

const streamRef = z.object({ slug: z.string({ message: 'required' }).trim().min(1, { message: 'required' }).max(200, { message: 'too_long' }), name: z.string().max(200, { message: 'too_long' }).default('') }).strict();

const optionsSchema = z
  .object({
    url: z.string({ message: 'invalid_type' }).trim().max(APP_NAVIGATION_URL_MAX, { message: 'too_long' }).optional(),
    open_in: z.enum(['webview', 'browser'], { message: 'invalid_value' }).optional(),
    page: streamRef.optional(),
    activitystream: streamRef.optional(),
    items: z.array(z.enum(APP_NAVIGATION_DEFAULT_TYPES, { message: 'invalid_value' }), { message: 'invalid_type' }).max(APP_NAVIGATION_DEFAULT_TYPES.length, { message: 'too_big' }).optional(),
  })
  .strict()
  .default({});

const itemRequestSchema = z
  .object({
    id: z.string({ message: 'required' }).trim().min(1, { message: 'required' }).max(APP_NAVIGATION_ID_MAX, { message: 'too_long' }).regex(/^[A-Za-z0-9_-]+$/, { message: 'invalid_format' }),
    type: z.enum(APP_NAVIGATION_TYPES, { message: 'invalid_value' }),
    label: safeText(z.string().trim().max(APP_NAVIGATION_LABEL_MAX, { message: 'too_long' }), 'invalid_type').default(''),
    icon: z.enum(APP_NAVIGATION_ICONS, { message: 'invalid_value' }),
    isEntryPoint: z.boolean({ message: 'invalid_type' }).default(false),
    isDefault: z.boolean({ message: 'invalid_type' }).default(false),
    options: optionsSchema,
  })
  .strict();
type ItemRequest = z.output<typeof itemRequestSchema>;

/** each item's own rules: its type's options, its title, whether it may open the app */
const itemIssues = (item: ItemRequest): Array<{ path: string[]; key: string }> => {
  const issues: Array<{ path: string[]; key: string }> = [];
  const isDefault = isDefaultAppNavigationType(item.type);
  if (item.isDefault !== isDefault) issues.push({ path: ['isDefault'], key: 'invalid_value' });
  if (isDefault && item.label !== '') issues.push({ path: ['label'], key: 'not_editable' });
  if (!isDefault && item.type !== 'more' && item.label === '' && item.type !== 'activitystream') issues.push({ path: ['label'], key: 'required' });
  if (item.isEntryPoint && !mayBeEntryPoint(item.type)) issues.push({ path: ['isEntryPoint'], key: 'not_allowed' });
  const allowed: Record<string, readonly string[]> = { link: ['url', 'open_in'], activitystream: ['activitystream'], page: ['page'], more: ['items'] };
  for (const key of Object.keys(item.options)) if (!(allowed[item.type] ?? []).includes(key)) issues.push({ path: ['options', key], key: 'unknown_field' });
  switch (item.type) {
    case 'link':
      if (!item.options.url) issues.push({ path: ['options', 'url'], key: 'required' });
      else if (!parseAppLink(item.options.url)) issues.push({ path: ['options', 'url'], key: 'invalid_link' });
      break;
    case 'activitystream':
      if (!item.options.activitystream) issues.push({ path: ['options', 'activitystream'], key: 'required' });
      break;
    case 'page':
      // which page exists is the command's to check (not_found)
      if (!item.options.page) issues.push({ path: ['options', 'page'], key: 'required' });
      break;
    default:
      break;
  }
  return issues;
};

/** PUT /administration/app_navigation: the five items and the revision the editor read */
export const appNavigationRequestSchema = z
  .object({
    items: z.array(itemRequestSchema, { message: 'invalid_type' }),
    revision: z.number({ message: 'invalid_type' }).int({ message: 'invalid_type' }).min(0, { message: 'too_small' }),
  })
  .strict()
  .superRefine((request, ctx) => {
    const add = (path: Array<string | number>, message: string) => ctx.addIssue({ code: 'custom', path, message });
    const { items } = request;
    if (items.length !== APP_NAVIGATION_ITEMS) add(['items'], 'wrong_count');
    const seenIds = new Set<string>();
    const seenTypes = new Set<string>();
    items.forEach((item, index) => {
      for (const issue of itemIssues(item)) add(['items', index, ...issue.path], issue.key);
      if (seenIds.has(item.id)) add(['items', index, 'id'], 'taken');
      seenIds.add(item.id);
      if (isDefaultAppNavigationType(item.type) || item.type === 'more') {
        if (seenTypes.has(item.type)) add(['items', index, 'type'], 'taken');
        seenTypes.add(item.type);
      }
      const last = index === items.length - 1;
      if ((item.type === 'more') !== last) add(['items', index, 'type'], last ? 'more_required' : 'more_not_last');
    });
    const more = items.at(-1);
    if (more?.type === 'more' && more.options.items !== undefined) {
      const unused = unusedDefaultTypes(items.slice(0, -1).map((item) => item.type));
      const listed = more.options.items;
      if (listed.length !== unused.length || unused.some((type) => !listed.includes(type))) add(['items', items.length - 1, 'options', 'items'], 'invalid_value');
    }
    const entryPoints = items.filter((item) => item.isEntryPoint).length;
    if (entryPoints === 0) add(['entry_point'], 'required');
    else if (entryPoints > 1) add(['entry_point'], 'not_unique');
  });
export type AppNavigationRequest = z.output<typeof appNavigationRequestSchema>;

// ---- the event and the items as stored ----

const storedRef = z.object({ slug: z.string(), name: z.string() });
export const appNavigationItemSchema = z.object({
  id: z.string(),
  type: z.enum(APP_NAVIGATION_TYPES),
  label: z.string(),
  icon: z.string(),
  isEntryPoint: z.boolean(),
  isDefault: z.boolean(),
  options: z.object({
    url: z.string().optional(),
    open_in: z.enum(['webview', 'browser']).optional(),
    page: storedRef.optional(),
    activitystream: storedRef.optional(),
    items: z.array(z.enum(APP_NAVIGATION_DEFAULT_TYPES)).optional(),
  }),
});
export type AppNavigationItem = z.infer<typeof appNavigationItemSchema>;

/** the stored form of valid request items: a link opens in the webview unless told, 'more' lists the unused defaults */
export const normalizedAppNavigationItems = (items: AppNavigationRequest['items']): AppNavigationItem[] =>
  items.map((item, _index, all): AppNavigationItem => {
    const base = { id: item.id, type: item.type, label: item.label, icon: item.icon, isEntryPoint: item.isEntryPoint, isDefault: item.isDefault };
    switch (item.type) {
      case 'link':
        return { ...base, options: { url: item.options.url ?? '', open_in: item.options.open_in ?? 'webview' } };
      case 'activitystream':
        return { ...base, options: item.options.activitystream ? { activitystream: item.options.activitystream } : {} };
      case 'page':
        return { ...base, options: item.options.page ? { page: item.options.page } : {} };
      case 'more':
        return { ...base, options: { items: item.options.items ?? unusedDefaultTypes(all.filter((other) => other.type !== 'more').map((other) => other.type)) } };
      default:
        return { ...base, options: {} };
    }
  });

export const AppNavigationChanged = defineEvent('AppNavigationChanged', 1, z.object({ items: z.array(appNavigationItemSchema) }));
export const appNavigationEvents = [AppNavigationChanged] as const;
export type AppNavigationEvent = EventOf<typeof AppNavigationChanged>;

/** what the app shows until an administrator saves: four built-in screens, activities opening the app, and 'more' */
export const defaultAppNavigation = (): AppNavigationItem[] => {
  const placed: AppNavigationDefaultType[] = ['activitystreams', 'messages', 'appointments', 'files'];
  return [
    ...placed.map((type, index) => ({ id: `default-${type}`, type, label: '', icon: APP_NAVIGATION_TYPE_ICONS[type], isEntryPoint: index === 0, isDefault: true, options: {} })),
    { id: 'more', type: 'more', label: '', icon: APP_NAVIGATION_TYPE_ICONS.more, isEntryPoint: false, isDefault: false, options: { items: unusedDefaultTypes(placed) } },
  ];
};

// ---- answers ----

/** GET /administration/app_navigation.json: the editor's items (the default until a save) and revision */
export const appNavigationResponseSchema = z.object({ items: z.array(appNavigationItemSchema), revision: z.number().int(), saved: z.boolean() });
export type AppNavigationResponse = z.infer<typeof appNavigationResponseSchema>;

/** GET /api/v1/app_navigation: as the member's app shows it (titles resolved, only streams they may see) */
export const memberAppNavigationItemSchema = appNavigationItemSchema.extend({ title: z.string() });
export const memberAppNavigationResponseSchema = z.object({ items: z.array(memberAppNavigationItemSchema) });
export type MemberAppNavigationResponse = z.infer<typeof memberAppNavigationResponseSchema>;
