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

const text = safeText(z.string().trim().max(NAVIGATION_TEXT_MAX, { message: 'too_long' }), 'invalid_type').default('');
const link = z
  .string({ message: 'invalid_type' })
  .trim()
  .max(NAVIGATION_LINK_MAX, { message: 'too_long' })
  .refine((value) => value === '' || isLink(value), { message: 'invalid_format' })
  .default('');
const flags = { public: z.boolean({ message: 'invalid_type' }).default(false), new_window: z.boolean({ message: 'invalid_type' }).default(false) };

/** each item needs its text and a link (a child always; a top item a link or children): else `empty_fields` */
const childSchema = z
  .object({ text, link, ...flags })
  .strict()
  .superRefine((item, ctx) => {
    if (item.text === '' || item.link === '') ctx.addIssue({ code: 'custom', path: [item.text === '' ? 'text' : 'link'], message: 'empty_fields' });
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
    if (item.text === '') ctx.addIssue({ code: 'custom', path: ['text'], message: 'empty_fields' });
    else if (item.link === '' && item.navigation_items.length === 0) ctx.addIssue({ code: 'custom', path: ['link'], message: 'empty_fields' });
  });

/** PUT /administration/navigation and /groups/{slug}/administration/navigation */
export const navigationRequestSchema = z
  .object({
    navigation_items: z.array(itemSchema, { message: 'invalid_type' }).max(NAVIGATION_ITEMS_MAX, { message: 'too_big' }),
    revision: z.number({ message: 'invalid_type' }).int({ message: 'invalid_type' }).min(0, { message: 'too_small' }),
  })
  .strict();
export type NavigationRequest = z.output<typeof navigationRequestSchema>;

const navigationChildSchema = z.object({ text: z.string(), link: z.string(), public: z.boolean(), new_window: z.boolean() });
export const navigationItemSchema = navigationChildSchema.extend({ navigation_items: z.array(navigationChildSchema) });
export type NavigationItem = z.infer<typeof navigationItemSchema>;

export const NavigationChanged = defineEvent('NavigationChanged', 1, z.object({ scope: z.string(), navigation_items: z.array(navigationItemSchema) }));
export const navigationEvents = [NavigationChanged] as const;
export type NavigationEvent = EventOf<typeof NavigationChanged>;

export const navigationResponseSchema = z.object({ scope: z.string(), navigation_items: z.array(navigationItemSchema), revision: z.number().int() });
export type NavigationResponse = z.infer<typeof navigationResponseSchema>;
