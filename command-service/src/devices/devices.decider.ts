import { DEVICES_PER_MEMBER_MAX, defaultPushSettings, type DeviceEvent, type DevicePlatform, type PushNotificationSettings, type SealedSecret } from '@cn/contracts';
import { DomainError, type Decider } from '@cn/domain';

type StoredName = Extract<DeviceEvent, { type: 'DeviceRegistered' }>['data']['name'];

/** A member's devices, on `memberDevicesStream(member)`: what registration, removal and settings decide on. */
export interface DevicesState {
  devices: Record<string, { push_endpoint_sha256: string | null; notifications: PushNotificationSettings }>;
}

export const initialDevicesState = (): DevicesState => ({ devices: {} });

export interface RegisterDevice {
  type: 'RegisterDevice';
  member_id: string;
  device_id: string;
  platform: DevicePlatform;
  /** encrypted with the member's key */
  name: StoredName;
  push: SealedSecret | null;
  push_endpoint_sha256: string | null;
}
export interface RemoveDevice {
  type: 'RemoveDevice';
  member_id: string;
  device_id: string;
}
export interface ChangeDevicePushSettings {
  type: 'ChangeDevicePushSettings';
  member_id: string;
  device_id: string;
  /** only the flags being changed */
  changes: Partial<Record<string, Partial<Record<string, boolean>>>>;
}
export type DevicesCommand = RegisterDevice | RemoveDevice | ChangeDevicePushSettings;

const merged = (settings: PushNotificationSettings, changes: ChangeDevicePushSettings['changes']): PushNotificationSettings => {
  const next = structuredClone(settings) as unknown as Record<string, Record<string, boolean>>;
  for (const [category, flags] of Object.entries(changes)) {
    for (const [kind, on] of Object.entries(flags ?? {})) if (typeof on === 'boolean' && next[category]) next[category][kind] = on;
  }
  return next as unknown as PushNotificationSettings;
};

export const evolveDevices = (state: DevicesState, event: DeviceEvent): DevicesState => {
  switch (event.type) {
    case 'DeviceRegistered':
      return { devices: { ...state.devices, [event.data.device_id]: { push_endpoint_sha256: event.data.push_endpoint_sha256, notifications: defaultPushSettings() } } };
    case 'DeviceRemoved': {
      const { [event.data.device_id]: _removed, ...rest } = state.devices;
      return { devices: rest };
    }
    case 'DevicePushSettingsChanged': {
      const device = state.devices[event.data.device_id];
      if (!device) return state;
      return { devices: { ...state.devices, [event.data.device_id]: { ...device, notifications: merged(defaultPushSettings(), event.data.notifications) } } };
    }
    default:
      return state;
  }
};

/** the device already registered for this browser's push endpoint, if any */
export const deviceWithEndpoint = (state: DevicesState, sha256: string | null): string | null =>
  sha256 === null ? null : (Object.entries(state.devices).find(([, device]) => device.push_endpoint_sha256 === sha256)?.[0] ?? null);

/**
 * Only the member registers, removes and sets their own devices (the handler issues every command for the
 * signed-in member's own stream). The same browser registering again appends nothing (the handler answers
 * the device it has); more than DEVICES_PER_MEMBER_MAX devices are refused; an unknown device is 404.
 */
export const decideDevices = (command: DevicesCommand, state: DevicesState): DeviceEvent[] => {
  switch (command.type) {
    case 'RegisterDevice': {
      if (deviceWithEndpoint(state, command.push_endpoint_sha256) !== null) return [];
      if (Object.keys(state.devices).length >= DEVICES_PER_MEMBER_MAX) throw new DomainError('too_many_devices', 'conflict');
      const { type: _type, ...data } = command;
      return [{ type: 'DeviceRegistered', data }];
    }
    case 'RemoveDevice':
      if (!state.devices[command.device_id]) throw new DomainError('not_found', 'not_found');
      return [{ type: 'DeviceRemoved', data: { member_id: command.member_id, device_id: command.device_id } }];
    case 'ChangeDevicePushSettings': {
      const device = state.devices[command.device_id];
      if (!device) throw new DomainError('not_found', 'not_found');
      const next = merged(device.notifications, command.changes);
      if (JSON.stringify(next) === JSON.stringify(device.notifications)) return [];
      return [{ type: 'DevicePushSettingsChanged', data: { member_id: command.member_id, device_id: command.device_id, notifications: next } }];
    }
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
};

export const devicesDecider: Decider<DevicesState, DevicesCommand, DeviceEvent> = {
  initialState: initialDevicesState,
  evolve: evolveDevices,
  decide: decideDevices,
};
