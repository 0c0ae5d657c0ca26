import { DEVICES_PER_MEMBER_MAX, defaultPushSettings, type DeviceEvent } from '@cn/contracts';
import { deciderSpecification } from '@cn/platform/testing';
import { devicesDecider, type ChangeDevicePushSettings, type RegisterDevice } from './devices.decider';

const sealed = (value: string) => ({ $secret: value, subject: 'm1' });
const register = (device: string, endpointSha256: string | null = `sha-${device}`): RegisterDevice => ({
  type: 'RegisterDevice',
  member_id: 'm1',
  device_id: device,
  platform: 'web',
  name: { $pii: 'Firefox', subject: 'm1' },
  push: endpointSha256 ? sealed('subscription') : null,
  push_endpoint_sha256: endpointSha256,
});
const registered = (device: string, endpointSha256: string | null = `sha-${device}`): DeviceEvent => {
  const { type: _type, ...data } = register(device, endpointSha256);
  return { type: 'DeviceRegistered', data };
};
const change = (device: string, changes: ChangeDevicePushSettings['changes']): ChangeDevicePushSettings => ({ type: 'ChangeDevicePushSettings', member_id: 'm1', device_id: device, changes });

const spec = deciderSpecification(devicesDecider);

describe("a member's devices", () => {
  it('registers a device, and the same browser (push endpoint) only once', () => {
    spec.given([]).when(register('d1')).then([registered('d1')]);
    spec.given([registered('d1')]).when(register('d2', 'sha-d1')).then([]);
    // devices without push never count as the same
    spec.given([registered('d1', null)]).when(register('d2', null)).then([registered('d2', null)]);
  });

  it(`refuses a device beyond ${DEVICES_PER_MEMBER_MAX} with a conflict`, () => {
    const full = Array.from({ length: DEVICES_PER_MEMBER_MAX }, (_unused, n) => registered(`d${n}`));
    const refusal = spec.given(full).when(register('one-more')).thenRefused('too_many_devices');
    expect(refusal.kind).toBe('conflict');
    // a removal makes room
    spec.given([...full, { type: 'DeviceRemoved', data: { member_id: 'm1', device_id: 'd0' } }]).when(register('one-more')).then([registered('one-more')]);
  });

  it('removes a known device only', () => {
    spec.given([registered('d1')]).when({ type: 'RemoveDevice', member_id: 'm1', device_id: 'd1' }).then([{ type: 'DeviceRemoved', data: { member_id: 'm1', device_id: 'd1' } }]);
    spec.given([registered('d1'), { type: 'DeviceRemoved', data: { member_id: 'm1', device_id: 'd1' } }]).when({ type: 'RemoveDevice', member_id: 'm1', device_id: 'd1' }).thenRefused('not_found');
  });

  it('changes the flags sent on top of the current ones, and nothing when they already are so', () => {
    const offMentions = { ...defaultPushSettings(), activities: { mentioned: false, activity_replied: true } };
    spec.given([registered('d1')]).when(change('d1', { activities: { mentioned: false } })).then([{ type: 'DevicePushSettingsChanged', data: { member_id: 'm1', device_id: 'd1', notifications: offMentions } }]);
    const afterwards: DeviceEvent[] = [registered('d1'), { type: 'DevicePushSettingsChanged', data: { member_id: 'm1', device_id: 'd1', notifications: offMentions } }];
    // a later change of another flag keeps the earlier one
    spec
      .given(afterwards)
      .when(change('d1', { groups: { group_invited: false } }))
      .then([{ type: 'DevicePushSettingsChanged', data: { member_id: 'm1', device_id: 'd1', notifications: { ...offMentions, groups: { group_join_requested: true, group_invited: false } } } }]);
    spec.given(afterwards).when(change('d1', { activities: { mentioned: false } })).then([]);
    spec.given([]).when(change('d1', { activities: { mentioned: false } })).thenRefused('not_found');
  });
});
