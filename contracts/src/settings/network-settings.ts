import { z } from 'zod';
import { safeText } from '../common/safe-text';
import {
  ANONYMIZE_MODES,
  DAILY_DIGEST_MODES,
  DIGEST_TIMES,
  DIGEST_UPCOMING_APPOINTMENTS_MAX,
  DIGEST_UPCOMING_APPOINTMENTS_MIN,
  MAP_THEMES,
  NETWORK_LANGUAGES,
  SHOW_ONLINE_STATUS,
  TWO_FACTOR_MODES,
  WEEKDAYS,
  ZOOM_LEVELS,
} from '../common/constants';
import { CHANGE_REQUEST_FIELDS } from '../members/profile-constants';
import { DEFAULT_TIME_ZONE } from '../calendars/calendar-constants';
import { isValidTimeZone } from '../calendars/recurrence';

/**
 * Network settings, tabs basic, join, member and mail (messages-files-admin-members-groups.md §3–5).
 * Each tab schema validates a whole tab; `superRefine` carries the cross-field rules with their keys.
 */
const text = (max: number) => z.string().max(max, { message: 'too_long' });

export const basicSettingsSchema = z.object({
  name: safeText(z.string().trim().min(1, { message: 'required' }).max(100, { message: 'too_long' })),
  language: z.enum(NETWORK_LANGUAGES),
  abuse_reports_enabled: z.boolean(),
  /** the network's IANA time zone: when its digests go out (an older settings event has none: Europe/Berlin) */
  time_zone: z
    .string({ message: 'invalid_type' })
    .max(100, { message: 'too_long' })
    .refine(isValidTimeZone, { message: 'invalid' })
    .default(DEFAULT_TIME_ZONE),
});

export const groupPromotionConfigSchema = z.object({
  active: z.boolean(),
  title: text(200),
  description: text(2000),
  group_category_ids: z.array(z.string()),
  groups: z.array(z.string()),
  enabled_for_external: z.boolean(),
});

export const joinSettingsSchema = z.object({
  join_user_can_initiate: z.boolean(),
  join_moderated: z.boolean(),
  join_as_external: z.boolean(),
  join_ask_for_profile_data: z.boolean(),
  group_promotion_config: groupPromotionConfigSchema,
  login_text_before: text(5000),
  login_text_between: text(5000),
  login_text_after: text(5000),
});

export const networkLocationSchema = z.object({
  street: text(200),
  number: text(20),
  zip: text(10),
  city: text(200),
  country: text(200),
  /** where the map opens; absent: the map opens on its markers */
  lat: z.number({ message: 'invalid_type' }).min(-90, { message: 'too_small' }).max(90, { message: 'too_big' }).nullable().optional(),
  lng: z.number({ message: 'invalid_type' }).min(-180, { message: 'too_small' }).max(180, { message: 'too_big' }).nullable().optional(),
});

export const memberSettingsSchema = z
  .object({
    directory_default_sort: z.enum(['first_name', 'last_name']),
    show_map: z.boolean(),
    map_scope_selection: z.enum(['all', 'poi']),
    network_location: networkLocationSchema,
    zoom_level: z.literal(ZOOM_LEVELS),
    map_theme: z.enum(MAP_THEMES),
    directory_profile_fields: z.array(z.string()),
    detection_profile_field: z.string().nullable(),
    show_locked_memberships: z.boolean(),
    anonymize_memberships_config: z.enum(ANONYMIZE_MODES),
    anonymize_memberships_after_days: z.number().int().min(1, { message: 'too_small' }),
    anonymize_memberships_name: text(100),
    guest_users_allow_chat: z.boolean(),
    two_factor: z.enum(TWO_FACTOR_MODES),
    two_factor_totp_available: z.boolean(),
    two_factor_email_available: z.boolean(),
    show_online_status: z.enum(SHOW_ONLINE_STATUS),
    /** calendar invites: an expired open invite may still be answered */
    opt_retroactively: z.boolean(),
    /**
     * members ask administrators to change these profile fields (which they then no longer edit
     * themselves); absent in settings saved before change requests existed: off
     */
    change_requests: z.object({ enabled: z.boolean().default(false), profile_fields: z.array(z.enum(CHANGE_REQUEST_FIELDS)).default([]) }).optional(),
  })
  .superRefine((member, ctx) => {
    if (member.two_factor !== 'disabled' && !member.two_factor_totp_available && !member.two_factor_email_available) {
      ctx.addIssue({ code: 'custom', path: ['two_factor_totp_available'], message: 'selection_required' });
    }
    if (member.show_map) {
      for (const field of ['street', 'number', 'zip', 'city'] as const) {
        if (member.network_location[field].trim() === '') {
          ctx.addIssue({ code: 'custom', path: ['network_location', field], message: 'required' });
        }
      }
    }
    const { lat, lng } = member.network_location;
    if ((lat === null || lat === undefined) !== (lng === null || lng === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['network_location', lat === null || lat === undefined ? 'lat' : 'lng'], message: 'required' });
    }
  });

export const digestSendingDaysSchema = z.object(
  Object.fromEntries(WEEKDAYS.map((day) => [day, z.enum(DIGEST_TIMES).nullable()])) as Record<
    (typeof WEEKDAYS)[number],
    z.ZodNullable<z.ZodEnum<{ am: 'am'; pm: 'pm'; lpm: 'lpm' }>>
  >,
);

export const mailSettingsSchema = z.object({
  notifications_send_direct_message_body: z.boolean(),
  email_recommendations: z.object({ enabled: z.boolean(), include_groups: z.boolean(), include_members: z.boolean() }),
  digest_sending_days: digestSendingDaysSchema,
  digests: z.object({
    enabled: z.boolean(),
    max_upcoming_appointments: z
      .number()
      .int({ message: 'invalid_type' })
      .min(DIGEST_UPCOMING_APPOINTMENTS_MIN, { message: 'too_small' })
      .max(DIGEST_UPCOMING_APPOINTMENTS_MAX, { message: 'too_big' }),
  }),
  daily_activity: z.object({ enabled: z.boolean(), mode: z.enum(DAILY_DIGEST_MODES) }),
  birthday_emails: z.object({
    enabled: z.boolean(),
    subject: text(200),
    text: text(5000),
    image: z.string().nullable(),
  }),
});

export const networkSettingsSchema = z.object({
  basic: basicSettingsSchema,
  join: joinSettingsSchema,
  member: memberSettingsSchema,
  mail: mailSettingsSchema,
});

export type BasicSettings = z.infer<typeof basicSettingsSchema>;
export type JoinSettings = z.infer<typeof joinSettingsSchema>;
export type MemberSettings = z.infer<typeof memberSettingsSchema>;
export type MailSettings = z.infer<typeof mailSettingsSchema>;
export type NetworkSettings = z.infer<typeof networkSettingsSchema>;
export type SettingsTab = keyof NetworkSettings;
export const SETTINGS_TABS = ['basic', 'join', 'member', 'mail'] as const satisfies readonly SettingsTab[];

/**
 * `PUT /administration/settings`: only the tabs being changed; inside a tab, the fields being changed
 * (merged over the current values, then the whole tab is validated with the schemas above).
 */
export const changeNetworkSettingsRequestSchema = z
  .object({
    basic: z.record(z.string(), z.unknown()).optional(),
    join: z.record(z.string(), z.unknown()).optional(),
    member: z.record(z.string(), z.unknown()).optional(),
    mail: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();
export type ChangeNetworkSettingsRequest = z.infer<typeof changeNetworkSettingsRequestSchema>;

export const tabSchemas = {
  basic: basicSettingsSchema,
  join: joinSettingsSchema,
  member: memberSettingsSchema,
  mail: mailSettingsSchema,
} as const;

export const DEFAULT_NETWORK_SETTINGS: NetworkSettings = {
  basic: { name: 'Community Network', language: 'de', abuse_reports_enabled: false, time_zone: DEFAULT_TIME_ZONE },
  join: {
    join_user_can_initiate: false,
    join_moderated: true,
    join_as_external: false,
    join_ask_for_profile_data: true,
    group_promotion_config: {
      active: false,
      title: '',
      description: '',
      group_category_ids: [],
      groups: [],
      enabled_for_external: false,
    },
    login_text_before: '',
    login_text_between: '',
    login_text_after: '',
  },
  member: {
    directory_default_sort: 'last_name',
    show_map: false,
    map_scope_selection: 'all',
    network_location: { street: '', number: '', zip: '', city: '', country: '', lat: null, lng: null },
    zoom_level: 10,
    map_theme: 'osm_bright',
    directory_profile_fields: [],
    detection_profile_field: null,
    show_locked_memberships: false,
    anonymize_memberships_config: 'disabled',
    anonymize_memberships_after_days: 30,
    anonymize_memberships_name: '',
    guest_users_allow_chat: true,
    two_factor: 'disabled',
    two_factor_totp_available: true,
    two_factor_email_available: true,
    show_online_status: 'optional',
    opt_retroactively: false,
    change_requests: { enabled: false, profile_fields: [] },
  },
  mail: {
    notifications_send_direct_message_body: true,
    email_recommendations: { enabled: true, include_groups: true, include_members: true },
    digest_sending_days: { mon: 'am', tue: null, wed: null, thu: null, fri: null, sat: null, sun: null },
    digests: { enabled: true, max_upcoming_appointments: 5 },
    daily_activity: { enabled: false, mode: 'new' },
    birthday_emails: { enabled: false, subject: '', text: '', image: null },
  },
};
