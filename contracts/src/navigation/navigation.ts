import { z } from 'zod';
import { defineEvent, type EventOf } from '../common/events';
import { safeText } from '../common/safe-text';

/** The network's navigation (scope `network`) and each group's (scope = the group's id). */
export const navigationStream = (scope: string): string => `navigation-${scope}`;
export const NETWORK_NAVIGATION_SCOPE = 'network';

export const NAVIGATION_TEXT_MAX = 100;
export const NAVIGATION_LINK_MAX = 2000;
export const NAVIGATION_ITEMS_MAX = 30;
export const NAVIGATION_CHILDREN_MAX = 20;

/** a path of this site (/pages/x) or an http(s) address */
const isLink = (value: string): boolean => {
  if (/^\/(?!\/)/.test(value)) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

/**
 * What an item links to (the editor's link options, spec: "link, pages, apps and standard"): a free
 * address (`link`), a page (`target` = its id: the link follows the page's current slug), an app
 * (`target` = its slug) or one of the console's standard modules (`target` = a key of NAVIGATION_STANDARD_LINKS).
 */
export const NAVIGATION_LINK_TYPES = ['link', 'page', 'app', 'standard'] as const;
export type NavigationLinkType = (typeof NAVIGATION_LINK_TYPES)[number];
export const NAVIGATION_STANDARD_LINKS = {
  activitystreams: '/activitystreams',
  messages: '/messages',
  appointments: '/appointments',
  tasks: '/tasks/my',
  files: '/files',
  chat: '/chat',
  channels: '/directory/channels',
  members: '/directory/members',
  map: '/map',
  pages: '/pages',
  apps: '/apps',
  search: '/search',
} as const;
export type NavigationStandardLink = keyof typeof NAVIGATION_STANDARD_LINKS;
export const NAVIGATION_STANDARD_TARGETS = Object.keys(NAVIGATION_STANDARD_LINKS) as NavigationStandardLink[];
const isStandardTarget = (target: string): target is NavigationStandardLink => Object.hasOwn(NAVIGATION_STANDARD_LINKS, target);

/** the console path an item of a chosen target opens ('' when the page is gone); a free link is its own */
export const navigationLinkOf = (item: { link: string; link_type?: NavigationLinkType; target?: string }, pageSlugOf: (pageId: string) => string | null): string => {
  const target = item.target ?? '';
  switch (item.link_type ?? 'link') {
    case 'page': {
      const slug = pageSlugOf(target);
      return slug === null ? '' : `/pages/${encodeURIComponent(slug)}`;
    }
    case 'app':
      return `/apps/${encodeURIComponent(target)}`;
    case 'standard':
      return isStandardTarget(target) ? NAVIGATION_STANDARD_LINKS[target] : '';
    default:
      return item.link;
  }
};

const text = safeText(z.string().trim().max(NAVIGATION_TEXT_MAX, { message: 'too_long' }), 'invalid_type').default('');
const link = z
  .string({ message: 'invalid_type' })
  .trim()
  .max(NAVIGATION_LINK_MAX, { message: 'too_long' })
  .refine((value) => value === '' || isLink(value), { message: 'invalid_format' })
  .default('');
const flags = {
  public: z.boolean({ message: 'invalid_type' }).default(false),
  new_window: z.boolean({ message: 'invalid_type' }).default(false),
  link_type: z.enum(NAVIGATION_LINK_TYPES, { message: 'invalid_value' }).default('link'),
  target: z.string({ message: 'invalid_type' }).trim().max(NAVIGATION_TEXT_MAX, { message: 'too_long' }).default(''),
};
type ItemFields = { text: string; link: string; link_type: NavigationLinkType; target: string };

/** the field an item lacks to lead anywhere: its link, or the target of the link type chosen */
const missingLink = (item: ItemFields): 'link' | 'target' | null => {
  if (item.link_type === 'link') return item.link === '' ? 'link' : null;
  return item.target === '' ? 'target' : null;
};
/** a standard target must be one the console has (pages and apps are checked against what exists by the command) */
const checkTarget = (item: ItemFields, ctx: z.RefinementCtx): void => {
  if (item.link_type === 'standard' && item.target !== '' && !isStandardTarget(item.target)) ctx.addIssue({ code: 'custom', path: ['target'], message: 'invalid_value' });
};

/** each item needs its text and a link or target (a child always; a top item one of them or children): else `empty_fields` */
const childSchema = z
  .object({ text, link, ...flags })
  .strict()
  .superRefine((item, ctx) => {
    const missing = item.text === '' ? 'text' : missingLink(item);
    if (missing) ctx.addIssue({ code: 'custom', path: [missing], message: 'empty_fields' });
    checkTarget(item, ctx);
  });

const itemSchema = z
  .object({
    text,
    link,
    ...flags,
    // depth 2: only top-level items have children, and children have none
    navigation_items: z.array(childSchema, { message: 'invalid_type' }).max(NAVIGATION_CHILDREN_MAX, { message: 'too_big' }).default([]),
  })
  .strict()
  .superRefine((item, ctx) => {
    const missing = item.text === '' ? 'text' : item.navigation_items.length === 0 ? missingLink(item) : null;
    if (missing) ctx.addIssue({ code: 'custom', path: [missing], message: 'empty_fields' });
    checkTarget(item, ctx);
  });

/** PUT /administration/navigation and /groups/{slug}/administration/navigation */
export const navigationRequestSchema = z
  .object({
    navigation_items: z.array(itemSchema, { message: 'invalid_type' }).max(NAVIGATION_ITEMS_MAX, { message: 'too_big' }),
    revision: z.number({ message: 'invalid_type' }).int({ message: 'invalid_type' }).min(0, { message: 'too_small' }),
  })
  .strict();
export type NavigationRequest = z.output<typeof navigationRequestSchema>;

/** `link` is the path the item opens (resolved from its target when read); `link_type` and `target` are absent in items saved before they existed */
const navigationChildSchema = z.object({
  text: z.string(),
  link: z.string(),
  public: z.boolean(),
  new_window: z.boolean(),
  link_type: z.enum(NAVIGATION_LINK_TYPES).optional(),
  target: z.string().optional(),
});
export const navigationItemSchema = navigationChildSchema.extend({ navigation_items: z.array(navigationChildSchema) });
export type NavigationItem = z.infer<typeof navigationItemSchema>;

export const NavigationChanged = defineEvent('NavigationChanged', 1, z.object({ scope: z.string(), navigation_items: z.array(navigationItemSchema) }));
export const navigationEvents = [NavigationChanged] as const;
export type NavigationEvent = EventOf<typeof NavigationChanged>;

export const navigationResponseSchema = z.object({ scope: z.string(), navigation_items: z.array(navigationItemSchema), revision: z.number().int() });
export type NavigationResponse = z.infer<typeof navigationResponseSchema>;

type EditedItemFields = Partial<Omit<NavigationItem, 'navigation_items'>>;

/** an edited item's link as the command takes it: the free address, or the type chosen and its target */
const editedLinkOf = (item: EditedItemFields) => {
  const linkType = item.link_type ?? 'link';
  return linkType === 'link' ? { link: item.link ?? '', link_type: linkType } : { link: '', link_type: linkType, target: item.target ?? '' };
};
const editedFieldsOf = (item: EditedItemFields) => ({ text: item.text ?? '', ...editedLinkOf(item), public: item.public === true, new_window: item.new_window === true });

/** what an editor (admin-ui's, the member console's scope editor) sends: an item's text, link (or target), flags and (top level only) its children */
export const navigationBodyOf = (items: readonly (EditedItemFields & { navigation_items?: EditedItemFields[] })[], revision: number) => ({
  navigation_items: items.map((item) => ({ ...editedFieldsOf(item), navigation_items: (item.navigation_items ?? []).map(editedFieldsOf) })),
  revision,
});

/** the link types an editor offers: pages and apps only when there are any (spec: "offered only if available") */
export const navigationLinkTypesOffered = (available: { pages: number; apps: number }): NavigationLinkType[] =>
  NAVIGATION_LINK_TYPES.filter((type) => (type === 'page' ? available.pages > 0 : type === 'app' ? available.apps > 0 : true));

/**
 * What a signed-out visitor is shown of the network's navigation (GET /api/v1/navigation/public): its items
 * marked `public`, each child too, that lead somewhere without a session: a free link or a console module,
 * never a page or an app (those are members'). A parent left without link and children is left out.
 */
export const publicNavigationItems = (items: readonly NavigationItem[]): NavigationItem[] => {
  const shown = (item: NavigationItem['navigation_items'][number]) => item.public && item.link_type !== 'page' && item.link_type !== 'app';
  // only what a visitor needs: no link types or targets (a page's id is members' knowledge)
  const bare = ({ text, link, new_window }: NavigationItem['navigation_items'][number]) => ({ text, link, public: true, new_window });
  return items
    .filter(shown)
    .map((item) => ({ ...bare(item), navigation_items: item.navigation_items.filter((child) => shown(child) && child.link !== '').map(bare) }))
    .filter((item) => item.link !== '' || item.navigation_items.length > 0);
};
export const publicNavigationResponseSchema = z.object({ navigation_items: z.array(navigationItemSchema) });
export type PublicNavigationResponse = z.infer<typeof publicNavigationResponseSchema>;
