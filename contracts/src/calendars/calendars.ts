import { z } from 'zod';
import { defineEvent, type EventOf } from '../common/events';
import { CALENDAR_NAME_MAX, CALENDAR_PALETTE, CALENDAR_TYPES } from './calendar-constants';
import { safeText } from '../common/safe-text';

export const calendarTypeSchema = z.enum(CALENDAR_TYPES);
export type CalendarType = z.infer<typeof calendarTypeSchema>;

/** hex colour without '#', e.g. `1976d2` */
export const calendarColorSchema = z
  .string()
  .trim()
  .transform((value) => value.replace(/^#/, '').toLowerCase())
  .pipe(z.string().regex(/^[0-9a-f]{6}$/, { message: 'invalid_format' }));

/** A colour of the palette picked with the given random number in [0, 1) (the server passes Math.random()). */
export const randomCalendarColor = (random: number): string =>
  CALENDAR_PALETTE[Math.min(CALENDAR_PALETTE.length - 1, Math.max(0, Math.floor(random * CALENDAR_PALETTE.length)))];

/** `calendar: { name, color, type, membership_ids }` of POST /calendars and PUT /calendars/{id}. */
export const calendarBodySchema = z.object({
  name: safeText(z.string().trim().min(1, { message: 'required' }).max(CALENDAR_NAME_MAX, { message: 'too_long' }), 'required'),
  /** absent or empty: a random colour of the palette */
  color: z.union([calendarColorSchema, z.literal('').transform(() => undefined)]).optional(),
  type: calendarTypeSchema.optional(),
  /** members a personal calendar is shared with */
  membership_ids: z.array(z.string().min(1)).optional(),
});
export type CalendarBody = z.output<typeof calendarBodySchema>;

/** POST /calendars: `{ type, parent_id, calendar }`; parent_id is the group's id for group calendars. */
export const createCalendarRequestSchema = z.object({
  type: calendarTypeSchema.optional(),
  parent_id: z.string().min(1).nullish(),
  calendar: calendarBodySchema,
});
export type CreateCalendarRequest = z.input<typeof createCalendarRequestSchema>;
export type CreateCalendar = z.output<typeof createCalendarRequestSchema>;

/** PUT /calendars/{id}: the same calendar body (type and parent cannot change). */
export const updateCalendarRequestSchema = z.object({ calendar: calendarBodySchema });
export type UpdateCalendarRequest = z.input<typeof updateCalendarRequestSchema>;

/** POST /calendars/{id}/share: share a personal calendar with more members. */
export const shareCalendarRequestSchema = z.object({
  membership_ids: z.array(z.string().min(1)).min(1, { message: 'selection_required' }),
});
export type ShareCalendarRequest = z.input<typeof shareCalendarRequestSchema>;

/** Answer of a create: the new id and the position of its last event. */
export interface CreatedAccepted {
  id: string;
  position: number;
}
export const createdAcceptedSchema = z.object({ id: z.string(), position: z.number().int() }) satisfies z.ZodType<CreatedAccepted>;

// ---- events (stream calendarStream(id)) ----

/** Stored calendar types: 'shared' is how a personal calendar looks to the members it is shared with. */
export const storedCalendarTypeSchema = z.enum(['personal', 'network', 'group']);

export const CalendarCreated = defineEvent(
  'CalendarCreated',
  1,
  z.object({
    calendar_id: z.string(),
    name: z.string(),
    color: z.string(),
    type: storedCalendarTypeSchema,
    /** group id of a group calendar, else null */
    parent_id: z.string().nullable(),
    /** owner of a personal calendar, creator of the others */
    author_id: z.string().nullable(),
  }),
);

export const CalendarUpdated = defineEvent(
  'CalendarUpdated',
  1,
  z.object({ calendar_id: z.string(), name: z.string(), color: z.string(), changed_fields: z.array(z.string()) }),
);

export const CalendarDeleted = defineEvent('CalendarDeleted', 1, z.object({ calendar_id: z.string() }));

export const CalendarShared = defineEvent('CalendarShared', 1, z.object({ calendar_id: z.string(), member_ids: z.array(z.string()) }));

/** The owner unshares, or a member removes a calendar shared with them (DELETE /calendars/{id}/share). */
export const CalendarShareRemoved = defineEvent(
  'CalendarShareRemoved',
  1,
  z.object({ calendar_id: z.string(), member_ids: z.array(z.string()) }),
);

export const calendarEvents = [CalendarCreated, CalendarUpdated, CalendarDeleted, CalendarShared, CalendarShareRemoved] as const;

export type CalendarEvent =
  | EventOf<typeof CalendarCreated>
  | EventOf<typeof CalendarUpdated>
  | EventOf<typeof CalendarDeleted>
  | EventOf<typeof CalendarShared>
  | EventOf<typeof CalendarShareRemoved>;

// ---- read side ----

export interface CalendarCan {
  update: boolean;
  destroy: boolean;
  create_appointments: boolean;
}

/** GET /calendars, GET /calendars/{id}, GET /groups/{slug}/calendars */
export interface CalendarDto {
  id: string;
  name: string;
  color: string;
  /** 'shared' when a personal calendar of another member is shared with the viewer */
  type: CalendarType;
  category_name: string | null;
  parent_id: string | null;
  author: { id: string; name: string; path: string } | null;
  memberships: Array<{ id: string; name: string; path: string }>;
  can: CalendarCan;
}

export interface CalendarsResponse {
  calendars: CalendarDto[];
}

const memberLinkSchema = z.object({ id: z.string(), name: z.string(), path: z.string() });
export const calendarDtoSchema = z.object({
  id: z.string(),
  name: z.string(),
  color: z.string(),
  type: calendarTypeSchema,
  category_name: z.string().nullable(),
  parent_id: z.string().nullable(),
  author: memberLinkSchema.nullable(),
  memberships: z.array(memberLinkSchema),
  can: z.object({ update: z.boolean(), destroy: z.boolean(), create_appointments: z.boolean() }),
}) satisfies z.ZodType<CalendarDto>;
export const calendarsResponseSchema = z.object({ calendars: z.array(calendarDtoSchema) }) satisfies z.ZodType<CalendarsResponse>;
