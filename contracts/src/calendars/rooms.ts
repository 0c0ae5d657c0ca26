import { z } from 'zod';
import { defineEvent, type EventOf } from '../common/events';
import type { AppointmentMeeting } from './appointments';
import { expandOccurrences, isPlainDate, isRecurring, type OccurrenceOverride, type RecurringSchedule } from './recurrence';
import { safeText } from '../common/safe-text';

/**
 * Meeting rooms and meetings of appointments (calendars-appointments-search.md §2, §5, §7): rooms are
 * data of the network; an appointment books one through `meeting.room_id`; a room is occupied in a span
 * when another appointment occurrence (not canceled, not deleted) using it overlaps the span.
 */

/** One stream per room. */
export const meetingRoomStream = (roomId: string): string => `meetingroom-${roomId}`;

export const MEETING_ROOM_NAME_MAX = 100;
/** A recurring booking is checked against other bookings this far ahead of its first occurrence. */
export const ROOM_BOOKING_HORIZON_DAYS = 366;
/** Error keys of rooms and meetings, for the consoles' i18n. */
export const MEETING_ERROR_KEYS = ['room_occupied', 'unknown_room', 'no_meeting'] as const;

/** POST /administration/meeting_rooms */
export const createMeetingRoomRequestSchema = z.object({
  meeting_room: z.object({
    name: safeText(z.string().trim().min(1, { message: 'required' }).max(MEETING_ROOM_NAME_MAX, { message: 'too_long' }), 'required'),
    capacity: z.number({ message: 'invalid_type' }).int({ message: 'invalid_type' }).min(1, { message: 'too_small' }).nullable().default(null),
  }),
});
export type CreateMeetingRoomRequest = z.input<typeof createMeetingRoomRequestSchema>;

export const MeetingRoomCreated = defineEvent(
  'MeetingRoomCreated',
  1,
  z.object({ room_id: z.string(), name: z.string(), capacity: z.number().int().nullable() }),
);

/** Someone organizing the appointment opened its meeting (stream appointmentStream(id)). */
export const MeetingStarted = defineEvent(
  'MeetingStarted',
  1,
  z.object({
    appointment_id: z.string(),
    /** the occurrence of a series it was started for; null: the appointment itself */
    occurrence_start: z.string().nullable(),
    started_by: z.string(),
    started_at: z.string(),
    /** the URL the organizer was sent to; null when the meeting has none (a room only) */
    join_url: z.string().nullable(),
  }),
);

export const meetingRoomEvents = [MeetingRoomCreated, MeetingStarted] as const;
export type MeetingRoomEvent = EventOf<typeof MeetingRoomCreated>;
export type MeetingStartedEvent = EventOf<typeof MeetingStarted>;

/** GET /meeting_rooms?filter=reservable&start&end&room_id (appointment_id: ours, the appointment being edited) */
export const meetingRoomsQuerySchema = z
  .object({
    filter: z.literal('reservable', { message: 'invalid_value' }).optional(),
    start: z.iso.datetime({ offset: true, message: 'invalid_format' }).optional(),
    end: z.iso.datetime({ offset: true, message: 'invalid_format' }).optional(),
    room_id: z.string().min(1).optional(),
    /** bookings of this appointment do not count (the form editing it) */
    appointment_id: z.string().min(1).optional(),
  })
  .superRefine((query, ctx) => {
    if (query.filter !== 'reservable') return;
    if (!query.start) ctx.addIssue({ code: 'custom', path: ['start'], message: 'required' });
    if (!query.end) ctx.addIssue({ code: 'custom', path: ['end'], message: 'required' });
    if (query.start && query.end && Date.parse(query.end) < Date.parse(query.start)) ctx.addIssue({ code: 'custom', path: ['end'], message: 'end_lt_start' });
  });
export type MeetingRoomsQuery = z.output<typeof meetingRoomsQuerySchema>;

export interface MeetingRoomDto {
  id: string;
  name: string;
  capacity: number | null;
  /** booked in [start, end) by another appointment; false without a span */
  occupied: boolean;
}

export interface MeetingRoomsResponse {
  meeting_rooms: MeetingRoomDto[];
}
export const meetingRoomsResponseSchema = z.object({
  meeting_rooms: z.array(z.object({ id: z.string(), name: z.string(), capacity: z.number().int().nullable(), occupied: z.boolean() })),
}) satisfies z.ZodType<MeetingRoomsResponse>;

/** POST /appointments/{id}/start-meeting */
export interface StartMeetingResponse {
  position: number;
  join_url: string | null;
}
export const startMeetingResponseSchema = z.object({ position: z.number().int(), join_url: z.string().nullable() }) satisfies z.ZodType<StartMeetingResponse>;

/** An appointment has a meeting when it has a join link, a room or an online meeting. */
export const hasMeeting = (fields: { meeting: Pick<AppointmentMeeting, 'join_url' | 'room_id'>; teams_configuration: { online_meeting: boolean } }): boolean =>
  fields.meeting.join_url !== '' || fields.meeting.room_id !== null || fields.teams_configuration.online_meeting;

/** Where starting the meeting leads: its join URL, else the app URL; null when it has neither. */
export const meetingJoinUrlOf = (meeting: Pick<AppointmentMeeting, 'join_url' | 'app_url'>): string | null => meeting.join_url || meeting.app_url || null;

// ---------------------------------------------------------------- occupancy

/** A span in epoch milliseconds, end exclusive. */
export interface Interval {
  start: number;
  end: number;
}

export const intervalsOverlap = (a: Interval, b: Interval): boolean => a.start < b.end && b.start < a.end;

const DAY_MS = 86_400_000;

/** instants as such; a plain date (floating all-day) from its midnight UTC, its end day included */
const intervalOf = (start: string, end: string): Interval => ({
  start: Date.parse(isPlainDate(start) ? `${start}T00:00:00Z` : start),
  end: isPlainDate(end) ? Date.parse(`${end}T00:00:00Z`) + DAY_MS : Date.parse(end),
});

/** An appointment as far as room bookings go: the series and how its occurrences differ. */
export interface RoomBookingSource {
  appointment_id: string;
  canceled: boolean;
  room_id: string | null;
  schedule: RecurringSchedule;
  occurrences: ReadonlyArray<{
    /** original start (UTC ISO) */
    occurrence_start: string;
    canceled: boolean;
    deleted: boolean;
    /** a modified occurrence's own room and dates; null while it follows the series */
    modified: { room_id: string | null; start: string; end: string } | null;
  }>;
}

/** Spans in which the appointment books the room, within [from, to). */
export const roomIntervals = (source: RoomBookingSource, roomId: string, window: { from: string; to: string }): Interval[] => {
  if (source.canceled) return [];
  const bounds = intervalOf(window.from, window.to);
  const inWindow = (interval: Interval): boolean => intervalsOverlap(interval, bounds);
  const modified = source.occurrences.flatMap((occurrence) =>
    occurrence.modified && !occurrence.canceled && !occurrence.deleted && occurrence.modified.room_id === roomId
      ? [intervalOf(occurrence.modified.start, occurrence.modified.end)]
      : [],
  );
  if (source.room_id !== roomId) return modified.filter(inWindow);
  if (!isRecurring(source.schedule)) return [intervalOf(source.schedule.start, source.schedule.end), ...modified].filter(inWindow);
  const overrides = new Map<string, OccurrenceOverride>(
    source.occurrences.flatMap((o): Array<[string, OccurrenceOverride]> =>
      o.deleted || o.modified ? [[o.occurrence_start, 'modified']] : o.canceled ? [[o.occurrence_start, 'canceled']] : [],
    ),
  );
  const series = expandOccurrences(source.schedule, { from: window.from, to: window.to, time_zone: source.schedule.time_zone }, overrides)
    .filter((occurrence) => !occurrence.canceled)
    .map((occurrence) => intervalOf(occurrence.start, occurrence.end));
  return [...series, ...modified].filter(inWindow);
};

/** The span a booking is checked in: the appointment itself, or a series up to its end or the horizon. */
export const bookingWindow = (schedule: RecurringSchedule): { from: string; to: string } => {
  const own = intervalOf(schedule.start, schedule.end);
  const from = new Date(own.start).toISOString();
  if (!isRecurring(schedule)) return { from, to: new Date(Math.max(own.end, own.start + 1)).toISOString() };
  return { from, to: new Date(own.start + ROOM_BOOKING_HORIZON_DAYS * DAY_MS).toISOString() };
};

/** Whether any of `others` (except the candidate's own appointment) books the room in one of the spans. */
export const roomOccupiedBy = (
  spans: readonly Interval[],
  others: readonly RoomBookingSource[],
  roomId: string,
  window: { from: string; to: string },
  exceptAppointmentId: string | null,
): RoomBookingSource | null =>
  others.find(
    (other) =>
      other.appointment_id !== exceptAppointmentId &&
      roomIntervals(other, roomId, window).some((booked) => spans.some((span) => intervalsOverlap(span, booked))),
  ) ?? null;
