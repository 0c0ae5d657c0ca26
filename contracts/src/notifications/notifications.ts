import { z } from 'zod';
import { defineEvent, type EventOf } from '../common/events';
import { NOTIFICATION_KINDS, NOTIFICATION_SUBJECT_TYPES, NOTIFICATIONS_LIMIT_DEFAULT, NOTIFICATIONS_LIMIT_MAX, type NotificationKind, type NotificationSubjectType } from './notification-constants';

/**
 * The bell (header notifications dropdown): what concerns the member, newest first, with unread state.
 * Calendar notifications today (an invite, a change or a cancellation of an appointment they take part
 * in, a place from the waiting list); the home module adds its kinds to the same list.
 */

/** One stream per member: how far they have read their notifications. */
export const notificationsStream = (memberId: string): string => `notifications-${memberId}`;


/** GET /api/v1/notifications?limit= */
export const notificationsQuerySchema = z.object({
  limit: z.coerce
    .number({ message: 'invalid_type' })
    .int({ message: 'invalid_type' })
    .min(0, { message: 'too_small' })
    .max(NOTIFICATIONS_LIMIT_MAX, { message: 'too_big' })
    .default(NOTIFICATIONS_LIMIT_DEFAULT),
});

export interface NotificationDto {
  /** stable: `<source id>:<position>` */
  id: string;
  kind: NotificationKind;
  /** when it happened (ISO) */
  at: string;
  /** the event's position: everything up to the member's read position is read */
  position: number;
  read: boolean;
  /** who did it; null for the system (a waiting-list promotion) */
  actor: { id: string; name: string; path: string } | null;
  /** the source: an appointment, an activity (its teaser as name) or a group; html_url empty when it is gone */
  subject: { type: NotificationSubjectType; id: string; name: string; html_url: string };
}

export interface NotificationsResponse {
  notifications: NotificationDto[];
  unread_count: number;
  /** the newest notification's position (0 without any): what POST /api/v1/notifications/read takes */
  newest_position: number;
}

export const notificationDtoSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  at: z.string(),
  position: z.number().int(),
  read: z.boolean(),
  actor: z.object({ id: z.string(), name: z.string(), path: z.string() }).nullable(),
  subject: z.object({ type: z.enum(NOTIFICATION_SUBJECT_TYPES), id: z.string(), name: z.string(), html_url: z.string() }),
});
export const notificationsResponseSchema = z.object({
  notifications: z.array(notificationDtoSchema),
  unread_count: z.number().int(),
  newest_position: z.number().int(),
});

/** POST /api/v1/notifications/read: everything up to this position is read (opening the bell sends the newest) */
export const markNotificationsReadRequestSchema = z
  .object({ up_to: z.number({ message: 'required' }).int({ message: 'invalid_type' }).min(0, { message: 'too_small' }) })
  .strict();
export type MarkNotificationsReadRequest = z.input<typeof markNotificationsReadRequestSchema>;

export const NotificationsRead = defineEvent('NotificationsRead', 1, z.object({ member_id: z.string(), up_to: z.number().int() }));

export const notificationsEvents = [NotificationsRead] as const;
export type NotificationsEvent = EventOf<typeof NotificationsRead>;

