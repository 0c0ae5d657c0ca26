import { z } from 'zod';
import { defineEvent, type EventOf } from '../common/events';
import { isValidTimeZone } from '../calendars/recurrence';
import type { NetworkSettings } from '../settings/network-settings';

/**
 * A member's membership settings (`/members/{id}/settings/edit`): which mails they get. Digests (weekly by
 * the network's sending days) and daily digests cover all of their groups or selected ones, and optionally
 * the network's stream; subscriptions, notifications and administrator notifications are lists of keys.
 * What the network does not offer (digests switched off, administrator mails for non-administrators) is
 * neither shown nor accepted.
 */

/** One stream per member: their settings. */
export const membershipSettingsStream = (memberId: string): string => `membershipsettings-${memberId}`;

export const DIGEST_GROUP_SWITCHES = ['all', 'selected_groups'] as const;
/** what lands in the member's stream and digests besides their groups */
export const EMAIL_SUBSCRIPTION_KEYS = ['subscribed_groups', 'subscribed_channels', 'followed_members'] as const;
/** `direct_messages`: a mail for each direct message received (its text only where the network's mail settings allow) */
export const EMAIL_NOTIFICATION_KEYS = ['mentions', 'replies', 'group_invites', 'join_requests', 'appointment_invites', 'appointment_changes', 'direct_messages'] as const;
export const EMAIL_ADMIN_NOTIFICATION_KEYS = ['abuse_reports', 'change_requests', 'new_members'] as const;
export const DIGEST_GROUPS_MAX = 500;

const digestSchema = z
  .object({
    enabled: z.boolean({ message: 'required' }),
    switch: z.enum(DIGEST_GROUP_SWITCHES, { message: 'invalid_value' }),
    group_ids: z.array(z.string().min(1).max(64), { message: 'required' }).max(DIGEST_GROUPS_MAX, { message: 'too_big' }),
    include_network_level: z.boolean({ message: 'required' }),
  })
  .strict();
const keys = <K extends readonly [string, ...string[]]>(values: K) =>
  z
    .array(z.enum(values, { message: 'invalid_value' }), { message: 'required' })
    .max(values.length, { message: 'too_big' })
    .transform((list) => [...new Set(list)]);

export const membershipSettingsSchema = z
  .object({
    email_digests: digestSchema,
    email_daily_digests: digestSchema,
    email_subscriptions: keys(EMAIL_SUBSCRIPTION_KEYS),
    email_notifications: keys(EMAIL_NOTIFICATION_KEYS),
    email_admin_notifications: keys(EMAIL_ADMIN_NOTIFICATION_KEYS),
    email_newsletter: z.boolean({ message: 'required' }),
    /**
     * The member's own IANA time zone (when their digests go out, how the console tells times); null: the
     * network's `basic.time_zone`. Settings saved before it existed have none (null).
     */
    time_zone: z
      .string({ message: 'invalid_type' })
      .max(100, { message: 'too_long' })
      .refine(isValidTimeZone, { message: 'invalid' })
      .nullable()
      .default(null),
  })
  .strict();
export type MembershipSettings = z.output<typeof membershipSettingsSchema>;

/**
 * PUT /members/{id}/settings: the whole settings; `time_zone` left out keeps the member's zone (a console
 * that does not know it never resets it), null is the network's
 */
export const changeMembershipSettingsRequestSchema = membershipSettingsSchema.extend({
  time_zone: z.string({ message: 'invalid_type' }).max(100, { message: 'too_long' }).refine(isValidTimeZone, { message: 'invalid' }).nullable().optional(),
});
export type ChangeMembershipSettingsRequest = z.input<typeof changeMembershipSettingsRequestSchema>;
/** the settings a PUT asks for: `time_zone` undefined keeps the member's */
export type RequestedMembershipSettings = z.output<typeof changeMembershipSettingsRequestSchema>;

export const DEFAULT_MEMBERSHIP_SETTINGS: MembershipSettings = {
  email_digests: { enabled: true, switch: 'all', group_ids: [], include_network_level: true },
  email_daily_digests: { enabled: false, switch: 'all', group_ids: [], include_network_level: false },
  email_subscriptions: ['subscribed_groups', 'subscribed_channels'],
  email_notifications: ['mentions', 'replies', 'group_invites', 'join_requests', 'appointment_invites', 'direct_messages'],
  email_admin_notifications: [],
  email_newsletter: true,
  time_zone: null,
};

/** the zone a member's digests and times are told in: their own, else the network's */
export const memberTimeZoneOf = (settings: Pick<MembershipSettings, 'time_zone'> | null | undefined, networkZone: string): string => settings?.time_zone ?? networkZone;

export const MembershipSettingsChanged = defineEvent('MembershipSettingsChanged', 1, z.object({ member_id: z.string(), settings: membershipSettingsSchema }));

// ---- timed digests ----

export const DIGEST_KINDS = ['email_digests', 'email_daily_digests'] as const;
export type DigestKind = (typeof DIGEST_KINDS)[number];
/**
 * The wall-clock times of the network's sending times (`am`, `pm`, `lpm`: late afternoon) in the
 * network's zone; the daily digest goes out every day at `am`.
 */
export const DIGEST_TIMES_OF_DAY = { am: '07:00', pm: '13:00', lpm: '17:00' } as const;
export const DAILY_DIGEST_TIME = 'am' as const;

/**
 * A digest was mailed to the member for one sending slot (`<kind>@<ISO instant>`), covering what happened
 * up to `up_to_position`: the next digest starts after it, and the same slot is never sent twice.
 */
export const DigestSent = defineEvent(
  'DigestSent',
  1,
  z.object({
    member_id: z.string(),
    kind: z.enum(DIGEST_KINDS),
    slot: z.string(),
    up_to_position: z.number().int().min(0),
    activities: z.number().int().min(0),
    notifications: z.number().int().min(0),
    appointments: z.number().int().min(0),
  }),
);

// ---- the bounce list ----

/**
 * The member's address is bounce-listed: the mail server refused a mail to it for good (an SMTP 5xx).
 * `reason` is the server's reply code and text, shortened; it never carries credentials. While listed, no
 * digest, newsletter, notification or birthday mail goes to the member.
 */
export const MemberEmailBounced = defineEvent('MemberEmailBounced', 1, z.object({ member_id: z.string(), reason: z.string().max(300) }));
/** The member (or a network administrator) activated the address again: mails go out again. */
export const MemberEmailReactivated = defineEvent('MemberEmailReactivated', 1, z.object({ member_id: z.string() }));
/** what a bounce event keeps of the server's reply: one line, at most 300 characters */
export const bounceReasonOf = (responseCode: number, response: string): string => `${responseCode} ${response.replace(/\s+/g, ' ').trim()}`.slice(0, 300);

export const membershipSettingsEvents = [MembershipSettingsChanged, DigestSent, MemberEmailBounced, MemberEmailReactivated] as const;
export type MembershipSettingsEvent = EventOf<typeof MembershipSettingsChanged> | EventOf<typeof DigestSent> | EventOf<typeof MemberEmailBounced> | EventOf<typeof MemberEmailReactivated>;

// ---- abilities: one rule for the console's flags and the server's refusals ----

export interface MembershipSettingsViewer {
  member_id: string;
  network_admin: boolean;
}

/** which tabs the network offers this member (the spec's conditions) */
export interface MembershipSettingsTabs {
  email_digests: boolean;
  email_daily_digests: boolean;
  email_subscriptions: boolean;
  email_notifications: boolean;
  email_newsletter: boolean;
  email_admin_notifications: boolean;
}

export interface MembershipSettingsCan {
  /** only the member edits their own settings (nobody reads another's either) */
  edit: boolean;
  /** the address is bounce-listed and the viewer is the member themself or a network administrator: POST /members/{id}/email/reactivate */
  reactivate: boolean;
  tabs: MembershipSettingsTabs;
}

/** who may activate a bounce-listed address again (the route answers 403 to anyone else) */
export const mayReactivateMemberEmail = (viewer: MembershipSettingsViewer, subjectId: string): boolean => viewer.member_id === subjectId || viewer.network_admin;

export const membershipSettingsAbilities = (viewer: MembershipSettingsViewer, subjectId: string, mail: Pick<NetworkSettings['mail'], 'digests' | 'daily_activity'>, bounced = false): MembershipSettingsCan => ({
  edit: viewer.member_id === subjectId,
  reactivate: bounced && mayReactivateMemberEmail(viewer, subjectId),
  tabs: {
    email_digests: mail.digests.enabled,
    email_daily_digests: mail.daily_activity.enabled,
    email_subscriptions: true,
    email_notifications: true,
    email_newsletter: true,
    email_admin_notifications: viewer.network_admin,
  },
});

/**
 * The first field a change asks for that the network does not offer (an enabled digest the network has
 * switched off, administrator mails for a non-administrator), as `[field, key]`; null when all is offered.
 */
export const unofferedSetting = (settings: Omit<MembershipSettings, 'time_zone'>, tabs: MembershipSettingsTabs): [string, string] | null => {
  if (!tabs.email_digests && settings.email_digests.enabled) return ['email_digests.enabled', 'digests_disabled'];
  if (!tabs.email_daily_digests && settings.email_daily_digests.enabled) return ['email_daily_digests.enabled', 'digests_disabled'];
  if (!tabs.email_admin_notifications && settings.email_admin_notifications.length > 0) return ['email_admin_notifications', 'forbidden'];
  return null;
};

/** GET /members/{id}/settings */
export interface MembershipSettingsResponse {
  settings: MembershipSettings;
  can: MembershipSettingsCan;
  /** the address is bounce-listed: the page shows only the activate hint instead of the mail tabs */
  bounced: boolean;
  /** the member's groups, for 'selected groups' */
  groups: Array<{ id: string; name: string }>;
  /** the network's zone, what `time_zone: null` means */
  network_time_zone?: string;
}

// ---- subscriptions (what a member follows; `email_subscriptions` decides which of them mail new content) ----

export const SUBSCRIPTION_TYPES = ['group', 'channel'] as const;
export type SubscriptionType = (typeof SUBSCRIPTION_TYPES)[number];

/** one group or channel the member may subscribe to, with its state and the flag the command enforces */
export interface SubscriptionEntry {
  type: SubscriptionType;
  id: string;
  slug: string;
  name: string;
  subscribed: boolean;
  /** groupAbilities(...).subscribe / channelAbilities(...).subscribe: the rule the subscribe commands refuse by */
  can: { subscribe: boolean };
}

/** GET /members/{id}/subscriptions (only the member themself) */
export interface MemberSubscriptionsResponse {
  subscriptions: SubscriptionEntry[];
}
