import { randomBytes, createECDH } from 'node:crypto';
import { DEVICES_PER_MEMBER_MAX, memberDevicesStream, type DevicePushSettingsResponse, type DevicesResponse, type NetworkResponse, type WebTokenResponse } from '@cn/contracts';
import { useDemoServer } from './testing/demo-server';
import { requestCaller } from './testing/signed-in-client';

/** what a browser's PushSubscription.toJSON() gives */
const subscription = (endpoint: string) => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { endpoint, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') } };
};

/**
 * Devices and their push settings through the one-process server: a member registers, lists, sets and
 * removes their own devices only; the subscription is sealed in the log and never answered; the same browser
 * registers once; bad input is 400 with field and key and appends nothing.
 */
describe('devices and push settings', () => {
  const demo = useDemoServer('devices', { WEB_PUSH_ALLOW_PRIVATE_NETWORKS: 'true' });
  const { clients } = demo;
  const call = requestCaller(() => demo.server);
  const head = () => demo.running.infra.eventStore.headPosition();
  const memberId = async () => ((await call(clients.member, 'get', '/api/v1/network').expect(200)).body as NetworkResponse).current_member?.id ?? '';

  it('registers a browser once, seals its subscription in the log and answers it nowhere', async () => {
    const browser = subscription('http://127.0.0.1:9/push/abc');
    const first = await call(clients.member, 'post', '/api/v1/devices', { device: { platform: 'web', name: 'Firefox on the laptop', push_subscription: browser } }).expect(201);
    const again = await call(clients.member, 'post', '/api/v1/devices', { device: { platform: 'web', name: 'Firefox', push_subscription: browser } }).expect(201);
    expect(again.body.id).toBe(first.body.id);

    const id = await memberId();
    const events = await demo.running.infra.eventStore.readStream(memberDevicesStream(id));
    expect(events.map((event) => event.type)).toEqual(['DeviceRegistered']);
    const stored = JSON.stringify(events[0].data);
    expect(stored).not.toContain(browser.keys.auth);
    expect(stored).not.toContain('127.0.0.1');
    expect(stored).not.toContain('Firefox');

    const listed = (await call(clients.member, 'get', '/api/v1/devices').expect(200)).body as DevicesResponse;
    expect(listed.devices).toEqual([{ id: first.body.id, platform: 'web', name: 'Firefox on the laptop', push: true, registered_at: expect.any(String) }]);
    expect(JSON.stringify(listed)).not.toContain(browser.keys.p256dh);
    const audit = await call(clients.auditor, 'get', `/api/v1/audit/events?stream=${memberDevicesStream(id)}&limit=10`).expect(200);
    expect(JSON.stringify(audit.body)).toContain('DeviceRegistered');
    expect(JSON.stringify(audit.body)).not.toContain(browser.keys.auth);
    expect(JSON.stringify(audit.body)).not.toContain('127.0.0.1');

    const token = (await call(clients.member, 'get', '/api/v1/get-web-token').expect(200)).body as WebTokenResponse;
    expect(Buffer.from(token.token, 'base64url')).toHaveLength(65);
  });

  it('sets the flags sent and keeps the others; only on the member’s own devices', async () => {
    const { id } = (await call(clients.member, 'post', '/api/v1/devices', { device: { platform: 'ios', name: 'Phone' } }).expect(201)).body as { id: string };
    const defaults = (await call(clients.member, 'get', `/api/v1/devices/${id}/settings`).expect(200)).body as DevicePushSettingsResponse;
    expect(defaults.notifications.activities).toEqual({ mentioned: true, activity_replied: true });
    await call(clients.member, 'post', `/api/v1/devices/${id}/settings`, { notifications: { activities: { mentioned: false } } }).expect(200);
    const changed = (await call(clients.member, 'get', `/api/v1/devices/${id}/settings`).expect(200)).body as DevicePushSettingsResponse;
    expect(changed.notifications.activities).toEqual({ mentioned: false, activity_replied: true });
    expect(changed.notifications.groups).toEqual({ group_join_requested: true, group_invited: true });

    // another member learns nothing of it and changes nothing
    await call(clients.admin, 'get', `/api/v1/devices/${id}/settings`).expect(404);
    await call(clients.admin, 'post', `/api/v1/devices/${id}/settings`, { notifications: { activities: { mentioned: true } } }).expect(404);
    await call(clients.admin, 'delete', `/api/v1/devices/${id}`).expect(404);
    await call(null, 'get', '/api/v1/devices').expect(401);

    await call(clients.member, 'delete', `/api/v1/devices/${id}`).expect(204);
    await call(clients.member, 'get', `/api/v1/devices/${id}/settings`).expect(404);
    await call(clients.member, 'delete', `/api/v1/devices/${id}`).expect(404);
    expect(((await call(clients.member, 'get', '/api/v1/devices').expect(200)).body as DevicesResponse).devices.map((device) => device.id)).not.toContain(id);
  });

  it('answers 400 naming each field with its key and appends nothing', async () => {
    const before = await head();
    const bad = await call(clients.member, 'post', '/api/v1/devices', {
      device: { platform: 'fax', name: ' ', push_subscription: { endpoint: 'ftp://push', keys: { p256dh: 'short', auth: 'x' } } },
    }).expect(400);
    expect(bad.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'device.platform', key: 'invalid_value' },
        { field: 'device.name', key: 'required' },
        { field: 'device.push_subscription.endpoint', key: 'invalid_format' },
        { field: 'device.push_subscription.keys.p256dh', key: 'invalid_format' },
        { field: 'device.push_subscription.keys.auth', key: 'invalid_format' },
      ]),
    );
    const { id } = (await call(clients.member, 'post', '/api/v1/devices', { device: { platform: 'android', name: 'Tablet' } }).expect(201)).body as { id: string };
    const afterOne = await head();
    const settings = await call(clients.member, 'post', `/api/v1/devices/${id}/settings`, { notifications: { activities: { mentioned: 'no' }, weather: {} } }).expect(400);
    expect(settings.body.errors).toEqual(expect.arrayContaining([{ field: 'notifications.activities.mentioned', key: 'invalid_type' }]));
    expect(await head()).toBe(afterOne);
    expect(afterOne).toBe(before + 1);
  });

  it(`refuses more than ${DEVICES_PER_MEMBER_MAX} devices with 409`, async () => {
    const listed = ((await call(clients.guest, 'get', '/api/v1/devices').expect(200)).body as DevicesResponse).devices.length;
    for (let n = listed; n < DEVICES_PER_MEMBER_MAX; n += 1) await call(clients.guest, 'post', '/api/v1/devices', { device: { platform: 'web', name: `Browser ${n}` } }).expect(201);
    const refused = await call(clients.guest, 'post', '/api/v1/devices', { device: { platform: 'web', name: 'One too many' } }).expect(409);
    expect(refused.body.error).toBe('too_many_devices');
  });
});

describe('push endpoints on this server’s own network', () => {
  const demo = useDemoServer('devices-guard');
  const call = requestCaller(() => demo.server);

  it('refuses a subscription whose push service is not https on a public address (no member makes the server post inward)', async () => {
    const before = await demo.running.infra.eventStore.headPosition();
    for (const endpoint of ['http://127.0.0.1:9/push', 'https://127.0.0.1/push', 'https://10.1.2.3/push', 'https://localhost/push']) {
      const refused = await call(demo.clients.member, 'post', '/api/v1/devices', { device: { platform: 'web', name: 'Browser', push_subscription: subscription(endpoint) } }).expect(400);
      expect(refused.body.errors).toEqual([{ field: 'device.push_subscription.endpoint', key: 'push_endpoint_not_allowed' }]);
    }
    expect(await demo.running.infra.eventStore.headPosition()).toBe(before);
  });
});
