import { z } from 'zod';
import { defineEvent, type EventOf } from '../common/events';
import { safeText } from '../common/safe-text';
import { propertyDefinitionSchema, propertyOptionsSchema, PROPERTY_NAME_PATTERN, PROPERTY_TYPES, upcastPropertyDefinition } from './properties';
import { taskMarkDtoSchema, taskMarkEvents } from './tasks';
import { AppEmailIntegrationsChanged, emailIntegrationSchema } from './email-integrations';
import { AppTeaserTemplateChanged, templatePartSchema } from './teaser';

/** One stream per app (its definition); the app's id is its slug, chosen once. */
export const appStream = (appId: string): string => `app-${appId}`;
/** One stream per item: moves of different cards never contend, moves of one card are ordered by its revision. */
export const appItemStream = (itemId: string): string => `app-item-${itemId}`;

export const APP_ITEMS_COLLECTION = 'app_items';
export const APP_BOARDS_COLLECTION = 'app_boards';
export const APP_SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{1,59}$/;
/** cards a wall column shows before 'load more' */
export const WALL_PAGE_SIZE = 50;
export const WALL_PAGE_SIZE_MAX = 200;

export const ITEM_LAYOUT_TYPES = ['auto', 'inherit', 'custom'] as const;
export const ITEM_LAYOUTS = ['a', 'ab', 'abc', 'a-bc', 'a-bc-d', 'ab-c'] as const;
export type ItemLayoutName = (typeof ITEM_LAYOUTS)[number];
const layoutEntrySchema = z.object({ name: z.string().max(60), show_label: z.boolean().default(true) });
export const itemLayoutSchema = z.object({
  type: z.enum(ITEM_LAYOUT_TYPES).default('auto'),
  tabs: z
    .array(
      z.object({
        name: z.string().trim().min(1, { message: 'required' }).max(60, { message: 'too_long' }),
        layout: z.enum(ITEM_LAYOUTS),
        columns: z.object({ a: z.array(layoutEntrySchema).default([]), b: z.array(layoutEntrySchema).default([]), c: z.array(layoutEntrySchema).default([]), d: z.array(layoutEntrySchema).default([]) }),
      }),
    )
    .max(10, { message: 'too_big' })
    .default([]),
});
export type ItemLayout = z.infer<typeof itemLayoutSchema>;
/** the columns each layout shows, in rows: 'a-bc' is a full row a, then b and c side by side */
export const layoutRows = (layout: ItemLayoutName): Array<Array<'a' | 'b' | 'c' | 'd'>> =>
  layout.split('-').map((row) => row.split('') as Array<'a' | 'b' | 'c' | 'd'>);

// ---- events ----

export const AppCreated = defineEvent('AppCreated', 1, z.object({ app_id: z.string(), name: z.string(), description: z.string() }));
/**
 * a property added or changed (renamed, retyped, options changed): the whole definition after it.
 * Version 2: definitions carry `tag_parents` and `internal` (version 1's are read with none of either).
 */
export const AppPropertyDefined = defineEvent('AppPropertyDefined', 2, z.object({ app_id: z.string(), property: propertyDefinitionSchema }), {
  upcasters: { 1: (data) => ({ ...data, property: upcastPropertyDefinition((data.property ?? {}) as Record<string, unknown>) }) },
});
export const AppPropertyRemoved = defineEvent('AppPropertyRemoved', 1, z.object({ app_id: z.string(), property_id: z.string() }));
export const AppLayoutChanged = defineEvent('AppLayoutChanged', 1, z.object({ app_id: z.string(), layout: itemLayoutSchema }));

/** values by property id, as the definitions of that moment parsed them */
const storedValues = z.record(z.string(), z.unknown());
/**
 * the members the item's rich text newly mentions (`itemMentionedIds`), who may read the item, never the
 * member writing: their bells ring. Absent: nobody (also on every event written before mentions in items).
 */
const mentionedIds = z.array(z.string()).optional();
/**
 * `teaser`: the app's teaser template rendered with the item's values when it was created (absent: no
 * template), members left out; `teaser_parts` (since membership placeholders): the same with the members'
 * ids where the template names them, their names put in when read.
 */
export const AppItemCreated = defineEvent(
  'AppItemCreated',
  1,
  z.object({
    app_id: z.string(),
    item_id: z.string(),
    author_id: z.string(),
    values: storedValues,
    teaser: z.string().optional(),
    teaser_parts: z.array(templatePartSchema).optional(),
    mentioned_ids: mentionedIds,
  }),
);
/** the values that changed, by property id */
export const AppItemChanged = defineEvent('AppItemChanged', 1, z.object({ app_id: z.string(), item_id: z.string(), values: storedValues, mentioned_ids: mentionedIds }));
/** a card moved on the wall: its column property set to `value`, placed after `insert_after_id` (null: first) */
export const AppItemMoved = defineEvent(
  'AppItemMoved',
  1,
  z.object({ app_id: z.string(), item_id: z.string(), property_id: z.string(), value: z.string().nullable(), insert_after_id: z.string().nullable() }),
);
export const AppItemArchived = defineEvent('AppItemArchived', 1, z.object({ app_id: z.string(), item_id: z.string() }));
export const AppItemUnarchived = defineEvent('AppItemUnarchived', 1, z.object({ app_id: z.string(), item_id: z.string() }));

export const appsEvents = [
  AppCreated,
  AppPropertyDefined,
  AppPropertyRemoved,
  AppLayoutChanged,
  AppTeaserTemplateChanged,
  AppEmailIntegrationsChanged,
  AppItemCreated,
  AppItemChanged,
  AppItemMoved,
  AppItemArchived,
  AppItemUnarchived,
  ...taskMarkEvents,
] as const;
export type AppEvent =
  | EventOf<typeof AppCreated>
  | EventOf<typeof AppPropertyDefined>
  | EventOf<typeof AppPropertyRemoved>
  | EventOf<typeof AppLayoutChanged>
  | EventOf<typeof AppTeaserTemplateChanged>
  | EventOf<typeof AppEmailIntegrationsChanged>;
export type AppItemEvent =
  | EventOf<typeof AppItemCreated>
  | EventOf<typeof AppItemChanged>
  | EventOf<typeof AppItemMoved>
  | EventOf<typeof AppItemArchived>
  | EventOf<typeof AppItemUnarchived>;
export type AppsEvent = AppEvent | AppItemEvent;

// ---- requests ----

/** POST /api/v1/apps (network admins) */
export const createAppRequestSchema = z
  .object({
    slug: z.string().trim().toLowerCase().regex(APP_SLUG_PATTERN, { message: 'invalid_format' }),
    name: safeText(z.string().trim().min(1, { message: 'required' }).max(80, { message: 'too_long' })),
    description: safeText(z.string().trim().max(500, { message: 'too_long' })).default(''),
  })
  .strict();
export type CreateAppRequest = z.input<typeof createAppRequestSchema>;

/** PUT /api/v1/apps/{app}/properties/{propertyId} (network admins): add or change one property */
export const definePropertyRequestSchema = propertyOptionsSchema
  .extend({
    name: z.string().trim().regex(PROPERTY_NAME_PATTERN, { message: 'invalid_format' }),
    type: z.enum(PROPERTY_TYPES, { message: 'unknown_property_type' }),
  })
  .strict();
export type DefinePropertyRequest = z.input<typeof definePropertyRequestSchema>;

export const changeLayoutRequestSchema = z.object({ layout: itemLayoutSchema }).strict();

/** POST /api/v1/apps/{app}/items; PUT …/items/{id} (only the names sent change) */
export const itemValuesRequestSchema = z
  .object({
    values: z.record(z.string(), z.unknown()),
    /** the item's revision the edit was made on (PUT): a stale one is a 409, never a lost edit */
    revision: z.number().int().min(-1).optional(),
  })
  .strict();
export type ItemValuesRequest = z.input<typeof itemValuesRequestSchema>;

/** POST /api/v1/apps/{app}/items/{id}/move */
export const moveItemRequestSchema = z
  .object({
    /** the target column's option value; null: back to the unassigned box */
    value: z.string().max(80).nullable(),
    insert_after_id: z.string().max(64).nullable().default(null),
    /** the card's revision as the wall showed it: a stale one answers 409 (read again and retry) */
    revision: z.number().int().min(0),
  })
  .strict();
export type MoveItemRequest = z.input<typeof moveItemRequestSchema>;

export const itemCreatedAnswerSchema = z.object({ id: z.string(), position: z.number().int(), revision: z.number().int() });
export type ItemCreatedAnswer = z.infer<typeof itemCreatedAnswerSchema>;
export const itemChangedAnswerSchema = z.object({ position: z.number().int(), revision: z.number().int() });
export type ItemChangedAnswer = z.infer<typeof itemChangedAnswerSchema>;

// ---- answers of the read side ----

export const appDtoSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  properties: z.array(propertyDefinitionSchema),
  layout: itemLayoutSchema,
  /** the activity teaser template ('' : none); its placeholders: `app` and the property names (teaser.ts) */
  teaser_template: z.string(),
  /** the email integrations (administrators only; [] for everyone else) */
  email_integrations: z.array(emailIntegrationSchema),
  /** the single selection property the wall's columns come from; null: 'no columns' */
  column_property: z.string().nullable(),
  can: z.object({ create_item: z.boolean(), administrate: z.boolean() }),
  /** the `can` of an item the member would create (update[{name}] per property: the new-item form) */
  new_item_can: z.record(z.string(), z.boolean()),
});
export type AppDto = z.infer<typeof appDtoSchema>;

export const itemDtoSchema = z.object({
  id: z.string(),
  app_id: z.string(),
  author_id: z.string(),
  revision: z.number().int(),
  archived: z.boolean(),
  values: z.record(z.string(), z.unknown()),
  display_values: z.record(z.string(), z.string()),
  /** update, move, archive and update[{name}] per property */
  can: z.record(z.string(), z.boolean()),
});
export type ItemDto = z.infer<typeof itemDtoSchema>;
/** `members`: the names of the members the item's membership values name */
export const itemResponseSchema = z.object({ app: appDtoSchema, item: itemDtoSchema, members: z.record(z.string(), z.string()), mark: taskMarkDtoSchema });
export type ItemResponse = z.infer<typeof itemResponseSchema>;

export const wallColumnSchema = z.object({ value: z.string(), label: z.string(), items: z.array(itemDtoSchema), total: z.number().int(), next: z.string().nullable() });
export const wallResponseSchema = z.object({
  app: appDtoSchema,
  columns: z.array(wallColumnSchema),
  /** items without a column value (the warning box) */
  unassigned: z.array(itemDtoSchema),
  members: z.record(z.string(), z.string()),
});
export type WallResponse = z.infer<typeof wallResponseSchema>;
export type WallColumn = z.infer<typeof wallColumnSchema>;

export const appsListResponseSchema = z.object({ apps: z.array(z.object({ id: z.string(), name: z.string(), description: z.string() })) });
export type AppsListResponse = z.infer<typeof appsListResponseSchema>;

/**
 * The tasks views: assigned to me and not declined (my), made by me and assigned to others (assigned),
 * assigned to me and declined by me (declined), starred by me (starred), archived ones of my or assigned
 * (archive), those I wrote a note on (notes). The order is the navigation's.
 */
export const TASK_LISTS = ['my', 'assigned', 'declined', 'starred', 'archive', 'notes'] as const;
export type TaskList = (typeof TASK_LISTS)[number];
export const taskEntrySchema = z.object({ app: z.object({ id: z.string(), name: z.string() }), title: z.string(), item: itemDtoSchema, mark: taskMarkDtoSchema });
export const tasksResponseSchema = z.object({ tasks: z.array(taskEntrySchema), members: z.record(z.string(), z.string()) });
export type TasksResponse = z.infer<typeof tasksResponseSchema>;

/** GET /api/v1/apps/{app}/items?q= : the relation picker's search over an app's items (not archived) by their title */
export const itemSearchQuerySchema = z.object({
  q: z.string().trim().max(100, { message: 'too_long' }).default(''),
  limit: z.coerce.number().int().min(1, { message: 'too_small' }).max(50, { message: 'too_big' }).default(10),
});
export const itemSearchResponseSchema = z.object({ items: z.array(z.object({ id: z.string(), app: z.string(), displayValue: z.string() })) });
export type ItemSearchResponse = z.infer<typeof itemSearchResponseSchema>;
