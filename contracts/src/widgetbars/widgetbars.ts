import { z } from 'zod';
import { defineEvent, type EventOf } from '../common/events';
import { safeText } from '../common/safe-text';
import { NETWORK_WIDGETBAR_SCOPE, WIDGET_RENDERERS, WIDGET_TYPES, WIDGETBAR_COUNT_MAX, WIDGETBAR_SLUG_PATTERN, WIDGETBAR_WIDGETS_MAX, withAllOption } from './widgetbar-constants';

/** One stream per bar: the network's bars (scope `network`) and each group's (scope = the group's id). */
export const widgetBarStream = (scope: string, slug: string): string => `widgetbar-${scope}-${slug}`;

export const WIDGET_HEADLINE_MAX = 200;
export const WIDGET_CONTENT_MAX = 20_000;
export const WIDGET_URL_MAX = 2000;

const headline = safeText(z.string().trim().max(WIDGET_HEADLINE_MAX, { message: 'too_long' }), 'invalid_type').default('');
/** a widget's count: how many entries it shows, an integer from 0 */
const count = (fallback: number) =>
  z
    .number({ message: 'invalid_type' })
    .int({ message: 'invalid_type' })
    .min(0, { message: 'too_small' })
    .max(WIDGETBAR_COUNT_MAX, { message: 'too_big' })
    .default(fallback);
const renderer = z.enum(WIDGET_RENDERERS, { message: 'invalid_value' }).default('markdown');
const content = (fallback: string) => z.string({ message: 'invalid_type' }).max(WIDGET_CONTENT_MAX, { message: 'too_long' }).default(fallback);
/** options chosen from a list that offers 'all' (profile fields, calendars): the 'all' rule of the editor */
const options = z
  .array(z.string({ message: 'invalid_type' }).trim().min(1, { message: 'required' }).max(100, { message: 'too_long' }), { message: 'invalid_type' })
  .max(50, { message: 'too_big' })
  .default([])
  .transform(withAllOption);
const rssUrl = z
  .string({ message: 'invalid_type' })
  .trim()
  .max(WIDGET_URL_MAX, { message: 'too_long' })
  .refine((value) => {
    if (value === '') return true;
    try {
      const url = new URL(value);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, { message: 'invalid_format' })
  .default('');

/** The group widget's default content: the group's profile image and its name (placeholders filled when shown). */
export const GROUP_INFO_DEFAULT_CONTENT = '{{group_image}}\n\n## {{group_name}}';

const properties = <T extends z.ZodRawShape>(shape: T) => z.object(shape, { message: 'invalid_type' }).strict().prefault({} as never);

/** Each widget type with its properties and their defaults (spec: the widget bar model). */
export const widgetPropertiesSchemas = {
  admin_members: properties({ headline, profile_fields: options }),
  appointments: properties({ headline, scope: z.enum(['personal', 'all'], { message: 'invalid_value' }).default('personal'), additional_calendar_ids: options, count: count(10) }),
  birthday: properties({ count: count(5), show_age: z.boolean({ message: 'invalid_type' }).default(false), profile_fields: options }),
  group_info: properties({ content: content(GROUP_INFO_DEFAULT_CONTENT), renderer }),
  most_viewed_files: properties({ headline, count: count(5) }),
  newest_members: properties({ count: count(5) }),
  online_members: properties({ count: count(5) }),
  rss: properties({ url: rssUrl, count: count(12) }),
  speed_dial: properties({ count: count(15) }),
  text: properties({ content: content(''), renderer }),
} as const;

const widgetOf = <T extends (typeof WIDGET_TYPES)[number]>(type: T) => z.object({ type: z.literal(type), properties: widgetPropertiesSchemas[type] }).strict();

export const widgetSchema = z.discriminatedUnion(
  'type',
  [
    widgetOf('admin_members'),
    widgetOf('appointments'),
    widgetOf('birthday'),
    widgetOf('group_info'),
    widgetOf('most_viewed_files'),
    widgetOf('newest_members'),
    widgetOf('online_members'),
    widgetOf('rss'),
    widgetOf('speed_dial'),
    widgetOf('text'),
  ],
  { message: 'invalid_value' },
);
export type Widget = z.output<typeof widgetSchema>;
export type WidgetType = Widget['type'];
export type WidgetProperties<T extends WidgetType> = Extract<Widget, { type: T }>['properties'];

/** A widget of a type with every property at its default. */
export const defaultWidget = (type: WidgetType): Widget => widgetSchema.parse({ type, properties: {} });

export const widgetBarSlugSchema = z.string().regex(WIDGETBAR_SLUG_PATTERN, { message: 'invalid_format' });

/** PUT /administration/widgetbars/{slug}.json and /groups/{groupId}/administration/widgetbars/{slug}.json */
export const widgetBarRequestSchema = z
  .object({
    widgetbar: z
      .object({ widgets: z.array(widgetSchema, { message: 'invalid_type' }).max(WIDGETBAR_WIDGETS_MAX, { message: 'too_big' }) }, { message: 'required' })
      .strict(),
    /** the revision the editor read: a save since then answers 409 */
    revision: z.number({ message: 'invalid_type' }).int({ message: 'invalid_type' }).min(0, { message: 'too_small' }),
  })
  .strict();
export type WidgetBarRequest = z.output<typeof widgetBarRequestSchema>;

const storedWidgetSchema = z.object({ type: z.enum(WIDGET_TYPES), properties: z.record(z.string(), z.unknown()) });

export const WidgetBarSaved = defineEvent('WidgetBarSaved', 1, z.object({ scope: z.string(), slug: z.string(), widgets: z.array(storedWidgetSchema) }));
export const widgetBarEvents = [WidgetBarSaved] as const;
export type WidgetBarEvent = EventOf<typeof WidgetBarSaved>;

export const widgetBarResponseSchema = z.object({ scope: z.string(), slug: z.string(), widgets: z.array(storedWidgetSchema), revision: z.number().int() });
export type WidgetBarResponse = z.infer<typeof widgetBarResponseSchema>;
export const widgetBarListResponseSchema = z.object({ widgetbars: z.array(widgetBarResponseSchema) });
export type WidgetBarListResponse = z.infer<typeof widgetBarListResponseSchema>;

export const widgetBarCalendarsResponseSchema = z.object({ calendars: z.array(z.object({ id: z.string(), name: z.string() })) });
export type WidgetBarCalendarsResponse = z.infer<typeof widgetBarCalendarsResponseSchema>;

export { NETWORK_WIDGETBAR_SCOPE };
