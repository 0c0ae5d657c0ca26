import { htmlToText, type MembershipSettings, type NotificationDto, type NotificationKind } from '@cn/contracts';

/** what a digest may tell of an activity (already filtered to what the member may see) */
export interface DigestActivity {
  id: string;
  /** null: the network's stream */
  group_id: string | null;
  stream_name: string;
  author_name: string;
  html_content: string;
  created_position: number;
}

export interface DigestInput {
  kind: 'email_digests' | 'email_daily_digests';
  member: { id: string; email: string; name: string };
  settings: MembershipSettings;
  network: { name: string; base_url: string; language: string };
  /** the zone appointment times are told in (default UTC) */
  time_zone?: string;
  /** the member's groups now */
  group_ids: readonly string[];
  activities: readonly DigestActivity[];
  notifications: readonly NotificationDto[];
  /** the member's next appointments (weekly digests, up to the network's max): told only beside something new */
  appointments?: readonly DigestAppointment[];
}

export interface DigestAppointment {
  name: string;
  /** ISO instant */
  start: string;
  html_url: string;
}

/** a mail as the mail port takes it */
export interface DigestMail {
  to: string[];
  subject: string;
  text: string;
  /** what it tells of (recorded with the digest) */
  counts: { activities: number; notifications: number };
}

/** which notification kinds each email_notifications key lets into a digest or a mail of its own */
export const NOTIFICATION_KEYS: Record<MembershipSettings['email_notifications'][number], readonly NotificationKind[]> = {
  mentions: ['mentioned'],
  replies: ['activity_replied'],
  group_invites: ['group_invited'],
  join_requests: ['group_join_requested'],
  appointment_invites: ['appointment_invited', 'waitlist_promoted'],
  appointment_changes: ['appointment_changed', 'appointment_canceled', 'appointment_deleted'],
  // a direct message is no bell entry: it has its own mail (messages/message-mails.ts)
  direct_messages: [],
};

/** the notification kinds a member's settings let into mails (administrator mails only where offered: the settings refuse them to others) */
export const mailedNotificationKinds = (settings: MembershipSettings): Set<NotificationKind> => {
  const kinds = new Set<NotificationKind>(settings.email_notifications.flatMap((key) => NOTIFICATION_KEYS[key]));
  if (settings.email_admin_notifications.includes('abuse_reports')) kinds.add('abuse_reported');
  return kinds;
};

type Wording = {
  subject: (network: string, daily: boolean) => string;
  hello: (name: string) => string;
  activities: string;
  notifications: string;
  appointments: string;
  by: (author: string, stream: string) => string;
  settings: string;
  kinds: Record<NotificationKind, string>;
};
const WORDINGS: Record<'de' | 'en', Wording> = {
  de: {
    subject: (network, daily) => `${network}: ${daily ? 'Was heute neu ist' : 'Deine Zusammenfassung'}`,
    hello: (name) => `Hallo ${name},`,
    activities: 'Neue Beiträge',
    notifications: 'Benachrichtigungen',
    appointments: 'Deine nächsten Termine',
    by: (author, stream) => `${author} in ${stream}`,
    settings: 'Welche E-Mails du bekommst, stellst du hier ein:',
    kinds: {
      appointment_invited: 'hat dich eingeladen',
      appointment_changed: 'hat einen Termin geändert',
      appointment_canceled: 'hat einen Termin abgesagt',
      appointment_deleted: 'hat einen Termin gelöscht',
      waitlist_promoted: 'ein Platz ist frei geworden',
      mentioned: 'hat dich erwähnt',
      activity_replied: 'hat auf deinen Beitrag geantwortet',
      group_join_requested: 'möchte deiner Gruppe beitreten',
      group_invited: 'hat dich in eine Gruppe eingeladen',
      abuse_reported: 'hat einen Missbrauch gemeldet',
    },
  },
  en: {
    subject: (network, daily) => `${network}: ${daily ? "Today's news" : 'Your digest'}`,
    hello: (name) => `Hello ${name},`,
    activities: 'New posts',
    notifications: 'Notifications',
    appointments: 'Your next appointments',
    by: (author, stream) => `${author} in ${stream}`,
    settings: 'Choose which mails you get here:',
    kinds: {
      appointment_invited: 'invited you',
      appointment_changed: 'changed an appointment',
      appointment_canceled: 'canceled an appointment',
      appointment_deleted: 'deleted an appointment',
      waitlist_promoted: 'a place became free for you',
      mentioned: 'mentioned you',
      activity_replied: 'replied to your post',
      group_join_requested: 'asks to join your group',
      group_invited: 'invited you to a group',
      abuse_reported: 'reported abuse',
    },
  },
};
const TEASER = 160;

/**
 * A member's digest (weekly) or daily digest: the new posts of their groups (all or the selected ones,
 * the network's stream if they include it) and the notifications whose keys they chose, as one mail; null
 * when the digest is off or there is nothing to tell. Pure: the timed sending (after the scheduler is
 * merged) loads the read models, calls this, and hands the mail to the mail port.
 */
export const composeDigest = (input: DigestInput): DigestMail | null => {
  const digest = input.settings[input.kind];
  if (!digest.enabled || !input.member.email) return null;
  const groups = new Set(digest.switch === 'all' ? input.group_ids : digest.group_ids.filter((id) => input.group_ids.includes(id)));
  const activities = input.activities
    .filter((activity) => (activity.group_id === null ? digest.include_network_level : groups.has(activity.group_id)))
    .sort((a, b) => b.created_position - a.created_position);
  const kinds = mailedNotificationKinds(input.settings);
  const notifications = input.notifications.filter((notification) => !notification.read && kinds.has(notification.kind));
  if (activities.length === 0 && notifications.length === 0) return null;
  const words = WORDINGS[input.network.language.startsWith('de') ? 'de' : 'en'];
  const link = (path: string) => `${input.network.base_url.replace(/\/$/, '')}${path}`;
  const teaser = (html: string) => {
    const text = htmlToText(html);
    return text.length > TEASER ? `${text.slice(0, TEASER - 1)}…` : text;
  };
  const lines = [words.hello(input.member.name), ''];
  if (activities.length > 0) {
    lines.push(`${words.activities}:`);
    for (const activity of activities) lines.push(`- ${words.by(activity.author_name, activity.stream_name)}: ${teaser(activity.html_content)}`, `  ${link(`/activities/${activity.id}`)}`);
    lines.push('');
  }
  if (notifications.length > 0) {
    lines.push(`${words.notifications}:`);
    for (const notification of notifications) {
      lines.push(`- ${notification.actor?.name ?? input.network.name} ${words.kinds[notification.kind]}: ${notification.subject.name}`);
      if (notification.subject.html_url) lines.push(`  ${link(notification.subject.html_url)}`);
    }
    lines.push('');
  }
  const appointments = input.appointments ?? [];
  if (appointments.length > 0) {
    lines.push(`${words.appointments}:`);
    const day = new Intl.DateTimeFormat(input.network.language.startsWith('de') ? 'de-DE' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: input.time_zone ?? 'UTC' });
    for (const appointment of appointments) lines.push(`- ${day.format(new Date(appointment.start))}: ${appointment.name}`, `  ${link(appointment.html_url)}`);
    lines.push('');
  }
  lines.push(words.settings, link(`/members/${encodeURIComponent(input.member.id)}/settings/edit`));
  return {
    to: [input.member.email],
    subject: words.subject(input.network.name, input.kind === 'email_daily_digests'),
    text: lines.join('\n'),
    counts: { activities: activities.length, notifications: notifications.length },
  };
};

export interface NotificationMailInput {
  member: { id: string; email: string; name: string };
  network: { name: string; base_url: string; language: string };
  notification: Pick<NotificationDto, 'kind' | 'actor' | 'subject'>;
}

/** what happened, in the network's language: '<who> <did what>' (a mail's subject, a push's text) */
export const notificationWhat = (notification: NotificationMailInput['notification'], network: { name: string; language: string }): string => {
  const words = WORDINGS[network.language.startsWith('de') ? 'de' : 'en'];
  return `${notification.actor?.name ?? network.name} ${words.kinds[notification.kind]}`;
};

/** One notification as a mail of its own (`email_notifications`), in the network's language. */
export const composeNotificationMail = (input: NotificationMailInput): DigestMail => {
  const words = WORDINGS[input.network.language.startsWith('de') ? 'de' : 'en'];
  const link = (path: string) => `${input.network.base_url.replace(/\/$/, '')}${path}`;
  const what = notificationWhat(input.notification, input.network);
  const lines = [words.hello(input.member.name), '', `${what}: ${input.notification.subject.name}`];
  if (input.notification.subject.html_url) lines.push(link(input.notification.subject.html_url));
  lines.push('', words.settings, link(`/members/${encodeURIComponent(input.member.id)}/settings/edit`));
  return {
    to: [input.member.email],
    subject: `${input.network.name}: ${what}`,
    text: lines.join('\n'),
    counts: { activities: 0, notifications: 1 },
  };
};

export interface SubscriptionMailInput {
  member: { id: string; email: string; name: string };
  network: { name: string; base_url: string; language: string };
  /** the subscribed group or channel */
  place: { type: 'group' | 'channel'; name: string };
  author_name: string;
  html_content: string;
  html_url: string;
}

const SUBSCRIPTION_WORDS = {
  de: { subject: (place: string) => `Neu in ${place}`, by: (author: string) => `${author} hat etwas veröffentlicht:`, why: 'Du bekommst diese E-Mail, weil du das abonniert hast.' },
  en: { subject: (place: string) => `New in ${place}`, by: (author: string) => `${author} published:`, why: 'You get this mail because you subscribed to it.' },
} as const;

/** New content in a group or channel the member subscribed to (`email_subscriptions`), as a mail of its own. */
export const composeSubscriptionMail = (input: SubscriptionMailInput): DigestMail => {
  const language = input.network.language.startsWith('de') ? 'de' : 'en';
  const words = WORDINGS[language];
  const own = SUBSCRIPTION_WORDS[language];
  const link = (path: string) => `${input.network.base_url.replace(/\/$/, '')}${path}`;
  const text = htmlToText(input.html_content);
  const teaser = text.length > TEASER ? `${text.slice(0, TEASER - 1)}…` : text;
  return {
    to: [input.member.email],
    subject: `${input.network.name}: ${own.subject(input.place.name)}`,
    text: [words.hello(input.member.name), '', own.by(input.author_name), teaser, link(input.html_url), '', own.why, words.settings, link(`/members/${encodeURIComponent(input.member.id)}/settings/edit`)].join('\n'),
    counts: { activities: 1, notifications: 0 },
  };
};
