import { defaultPushSettings, DevicePushSettingsChanged, DeviceRegistered, DeviceRemoved, MemberErased, type DevicePlatform, type PushNotificationSettings } from '@cn/contracts';
import type { ProjectedDocument, Projection } from '@cn/domain';

export interface MemberDeviceEntry {
  id: string;
  platform: DevicePlatform;
  name: string;
  /** whether a push subscription came with it (the subscription itself stays sealed in the log) */
  push: boolean;
  notifications: PushNotificationSettings;
  registered_at: string;
}

/** One document per member with devices: what their settings page lists and what the push sender filters by. */
export interface MemberDevicesDocument extends ProjectedDocument {
  devices: MemberDeviceEntry[];
}

/** every flag the event names over the defaults (a category added later starts on) */
const withDefaults = (notifications: Record<string, Record<string, boolean> | undefined>): PushNotificationSettings => {
  const settings = defaultPushSettings() as unknown as Record<string, Record<string, boolean>>;
  for (const [category, flags] of Object.entries(notifications)) if (settings[category]) Object.assign(settings[category], flags);
  return settings as unknown as PushNotificationSettings;
};

export const memberDevicesProjection: Projection<MemberDevicesDocument> = {
  name: 'member_devices',
  version: 1,
  eventTypes: [DeviceRegistered.type, DeviceRemoved.type, DevicePushSettingsChanged.type, MemberErased.type],
  documentIds: (event) => [(event.data as { member_id: string }).member_id],
  evolve: (doc, event, id) => {
    const devices = doc?.devices ?? [];
    const data = event.data as { device_id?: string; platform?: DevicePlatform; name?: unknown; push?: unknown; notifications?: PushNotificationSettings };
    switch (event.type) {
      case DeviceRegistered.type: {
        const entry: MemberDeviceEntry = {
          id: data.device_id ?? '',
          platform: data.platform ?? 'web',
          name: typeof data.name === 'string' ? data.name : '',
          push: data.push !== null && data.push !== undefined,
          notifications: defaultPushSettings(),
          registered_at: event.metadata.occurredAt,
        };
        return { _id: id, devices: [...devices.filter((device) => device.id !== entry.id), entry] };
      }
      case DeviceRemoved.type: {
        const rest = devices.filter((device) => device.id !== data.device_id);
        return rest.length === 0 ? null : { _id: id, devices: rest };
      }
      case DevicePushSettingsChanged.type:
        return doc ? { _id: id, devices: devices.map((device) => (device.id === data.device_id && data.notifications ? { ...device, notifications: withDefaults(data.notifications as unknown as Record<string, Record<string, boolean>>) } : device)) } : doc;
      case MemberErased.type:
        return null;
      default:
        return doc;
    }
  },
};
