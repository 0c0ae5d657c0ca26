import { z } from 'zod';
import { defineEvent, personal, sealedSecret, type EventOf } from '../common/events';
import { hasControlCharacters } from '../common/text-rules';
import { NOTIFICATION_KINDS, type NotificationKind } from '../notifications/notification-constants';

/**
 * Devices and push (the shell's native bridge, and beyond the spec Web Push to members' browsers).
 * A device is registered by the signed-in member for themself; its push settings say which notifications
 * reach it, grouped by category, each with its flag.
 */
export const DEVICE_PLATFORMS = ['web', 'ios', 'android'] as const;
export type DevicePlatform = (typeof DEVICE_PLATFORMS)[number];
/** how many devices a member may keep registered at once */
export const DEVICES_PER_MEMBER_MAX = 20;
export const DEVICE_NAME_MAX = 100;

/** what a push may be about: the bell's notification kinds, and a direct message received */
export type PushKind = NotificationKind | 'direct_message';

/** the push settings' categories: every push kind in exactly one */
export const PUSH_CATEGORIES = {
  messages: ['direct_message'],
  appointments: ['appointment_invited', 'appointment_changed', 'appointment_canceled', 'appointment_deleted', 'waitlist_promoted'],
  activities: ['mentioned', 'activity_replied'],
  groups: ['group_join_requested', 'group_invited'],
  administration: ['abuse_reported'],
} as const satisfies Record<string, readonly PushKind[]>;
export type PushCategory = keyof typeof PUSH_CATEGORIES;
export const PUSH_CATEGORY_NAMES = Object.keys(PUSH_CATEGORIES) as PushCategory[];

/** what a device's push settings are: per category, per notification kind, on or off */
export type PushNotificationSettings = { [C in PushCategory]: { [K in (typeof PUSH_CATEGORIES)[C][number]]: boolean } };

/** every flag on: a new device gets every notification its member may see */
export const defaultPushSettings = (): PushNotificationSettings =>
  Object.fromEntries(PUSH_CATEGORY_NAMES.map((category) => [category, Object.fromEntries(PUSH_CATEGORIES[category].map((kind) => [kind, true]))])) as PushNotificationSettings;

/** whether settings let a notification of `kind` through (a kind no category names is let through) */
export const pushAllows = (settings: PushNotificationSettings, kind: string): boolean => {
  for (const category of PUSH_CATEGORY_NAMES) {
    const flags = settings[category] as Record<string, boolean> | undefined;
    if ((PUSH_CATEGORIES[category] as readonly string[]).includes(kind)) return flags?.[kind] !== false;
  }
  return true;
};

const base64url = (bytes: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { message: 'invalid_format' })
    // unpadded base64url of n bytes is ceil(4n/3) characters (no Buffer: the consoles read these schemas too)
    .refine((value) => value.replace(/=+$/, '').length === Math.ceil((bytes * 4) / 3), { message: 'invalid_format' });

/** a browser's PushSubscription.toJSON(): the push service's endpoint and the keys the payload is encrypted for */
export const pushSubscriptionSchema = z
  .object({
    endpoint: z
      .string()
      .max(2048, { message: 'too_long' })
      .refine((value) => URL.canParse(value) && ['https:', 'http:'].includes(new URL(value).protocol), { message: 'invalid_format' }),
    keys: z.object({ p256dh: base64url(65), auth: base64url(16) }),
  })
  // expirationTime and whatever else a browser adds are dropped
  .strip();
export type PushSubscription = z.infer<typeof pushSubscriptionSchema>;

/** `POST /api/v1/devices` */
export const registerDeviceRequestSchema = z
  .object({
    device: z
      .object({
        platform: z.enum(DEVICE_PLATFORMS, { message: 'invalid_value' }),
        name: z
          .string()
          .trim()
          .min(1, { message: 'required' })
          .max(DEVICE_NAME_MAX, { message: 'too_long' })
          .refine((text) => !hasControlCharacters(text), { message: 'invalid_characters' }),
        push_subscription: pushSubscriptionSchema.nullable().optional(),
      })
      .strict(),
  })
  .strict();
export type RegisterDeviceRequest = z.input<typeof registerDeviceRequestSchema>;

const categorySettingsSchema = <C extends PushCategory>(category: C) =>
  z.object(Object.fromEntries(PUSH_CATEGORIES[category].map((kind) => [kind, z.boolean({ message: 'invalid_type' }).optional()]))).strict();

/** `POST /api/v1/devices/{deviceId}/settings`: the flags being changed (the others stay) */
export const devicePushSettingsRequestSchema = z
  .object({
    notifications: z
      .object(Object.fromEntries(PUSH_CATEGORY_NAMES.map((category) => [category, categorySettingsSchema(category).optional()])))
      .strict(),
  })
  .strict();
export type DevicePushSettingsRequest = z.input<typeof devicePushSettingsRequestSchema>;

const pushSettingsSchema = z.record(z.string(), z.record(z.string(), z.boolean()));

/**
 * On `memberDevicesStream(member)`. The push subscription is a credential (whoever holds it may push to the
 * browser): sealed with the member's key, never revealed to a reader, gone with the key on erasure. Its
 * endpoint's SHA-256 (not the endpoint) tells a registration of the same browser again.
 */
export const DeviceRegistered = defineEvent(
  'DeviceRegistered',
  1,
  z.object({
    member_id: z.string(),
    device_id: z.string(),
    platform: z.enum(DEVICE_PLATFORMS),
    name: personal(z.string()),
    push: sealedSecret.nullable(),
    push_endpoint_sha256: z.string().nullable(),
  }),
);
export const DeviceRemoved = defineEvent('DeviceRemoved', 1, z.object({ member_id: z.string(), device_id: z.string() }));
export const DevicePushSettingsChanged = defineEvent('DevicePushSettingsChanged', 1, z.object({ member_id: z.string(), device_id: z.string(), notifications: pushSettingsSchema }));

export const deviceEvents = [DeviceRegistered, DeviceRemoved, DevicePushSettingsChanged] as const;
export type DeviceEvent = EventOf<(typeof deviceEvents)[number]>;

export const REGISTER_DEVICE = 'RegisterDevice';
export const REMOVE_DEVICE = 'RemoveDevice';
export const CHANGE_DEVICE_PUSH_SETTINGS = 'ChangeDevicePushSettings';

/** One device as its member reads it (no credential). */
export interface DeviceDto {
  id: string;
  platform: DevicePlatform;
  name: string;
  /** whether it receives Web Push */
  push: boolean;
  registered_at: string;
}
export const deviceDtoSchema = z.object({ id: z.string(), platform: z.enum(DEVICE_PLATFORMS), name: z.string(), push: z.boolean(), registered_at: z.string() }) satisfies z.ZodType<DeviceDto>;
export const devicesResponseSchema = z.object({ devices: z.array(deviceDtoSchema) });
export type DevicesResponse = z.infer<typeof devicesResponseSchema>;
export const devicePushSettingsResponseSchema = z.object({ notifications: pushSettingsSchema });
export type DevicePushSettingsResponse = { notifications: PushNotificationSettings };
/** `GET /api/v1/get-web-token`: the application server key a browser subscribes to push with */
export const webTokenResponseSchema = z.object({ token: z.string() });
export type WebTokenResponse = z.infer<typeof webTokenResponseSchema>;

/** a notification as a push carries it to the service worker */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
}

export const isNotificationKind = (value: string): value is NotificationKind => (NOTIFICATION_KINDS as readonly string[]).includes(value);
