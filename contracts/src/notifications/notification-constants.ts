/** The bell's kinds, limits and realtime name, apart from their schemas: the console's shell does not load zod for them. */
export const NOTIFICATION_KINDS = [
  'appointment_invited',
  'appointment_changed',
  'appointment_canceled',
  'appointment_deleted',
  'waitlist_promoted',
  // the home (activity streams and groups)
  'mentioned',
  'activity_replied',
  'group_join_requested',
  'group_invited',
  'abuse_reported',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** how many the bell lists at most, and the count shown before "99+" */
export const NOTIFICATIONS_LIMIT_DEFAULT = 20;
export const NOTIFICATIONS_LIMIT_MAX = 50;

/** Realtime `changed` messages of this collection tell a member their notifications changed (doc: { unread_count }). */
export const NOTIFICATIONS_COLLECTION = 'notifications';

/** what a notification links to: its source */
export const NOTIFICATION_SUBJECT_TYPES = ['appointment', 'activity', 'group', 'abuse_report', 'chat', 'app_item'] as const;
export type NotificationSubjectType = (typeof NOTIFICATION_SUBJECT_TYPES)[number];
