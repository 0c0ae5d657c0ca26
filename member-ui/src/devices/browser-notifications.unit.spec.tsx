/** @jest-environment jsdom */
import '../appointments/jsdom-text-encoding.cjs';
import { defaultPushSettings, type DeviceDto, type PushNotificationSettings } from '@cn/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeServer, renderPage, type Answer } from '../testing/render';
import { BrowserNotifications } from './BrowserNotifications';
import type { BrowserPush, BrowserSubscription } from './browser-push';

const KEY = 'B'.repeat(87);
const subscription: BrowserSubscription = { endpoint: 'https://push.example/abc', keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) } };

/** a browser whose Push API the test drives */
const fakePush = (options: { supported?: boolean; permission?: NotificationPermission; grants?: boolean } = {}) => {
  let current: BrowserSubscription | null = null;
  const push: BrowserPush & { subscribedWith: string[]; unsubscribed: number } = {
    subscribedWith: [],
    unsubscribed: 0,
    supported: () => options.supported ?? true,
    permission: () => options.permission ?? 'default',
    current: () => Promise.resolve(current),
    subscribe: (key) => {
      push.subscribedWith.push(key);
      current = options.grants === false ? null : subscription;
      return Promise.resolve(current);
    },
    unsubscribe: () => {
      push.unsubscribed += 1;
      current = null;
      return Promise.resolve();
    },
  };
  return push;
};

const phone: DeviceDto = { id: 'phone', platform: 'ios', name: 'My phone', push: false, registered_at: '2026-11-20T10:00:00Z' };

/** the member's devices as the server keeps them */
const devicesServer = () => {
  let devices: DeviceDto[] = [phone];
  let flags: PushNotificationSettings = defaultPushSettings();
  const server = fakeServer({
    'GET /api/v1/get-web-token': { status: 200, body: { token: KEY } },
    'GET /api/v1/devices': (): Answer => ({ status: 200, body: { devices } }),
    'POST /api/v1/devices': (): Answer => {
      devices = [...devices, { id: 'here', platform: 'web', name: 'Chromium', push: true, registered_at: '2026-11-23T10:00:00Z' }];
      return { status: 201, body: { id: 'here', position: 3 }, position: 3 };
    },
    'GET /api/v1/devices/here/settings': (): Answer => ({ status: 200, body: { notifications: flags } }),
    'POST /api/v1/devices/here/settings': (call): Answer => {
      const changes = (call.body as { notifications: { activities?: { mentioned?: boolean } } }).notifications;
      flags = { ...flags, activities: { ...flags.activities, ...changes.activities } };
      return { status: 200, body: { position: 4 }, position: 4 };
    },
    'DELETE /api/v1/devices/here': (): Answer => {
      devices = devices.filter((device) => device.id !== 'here');
      return { status: 204, position: 5 };
    },
    'DELETE /api/v1/devices/phone': (): Answer => {
      devices = devices.filter((device) => device.id !== 'phone');
      return { status: 204, position: 6 };
    },
  });
  return { server, setDevices: (next: DeviceDto[]) => (devices = next) };
};

describe('browser notifications on the settings page', () => {
  beforeEach(() => localStorage.clear());

  it('turns push on for this browser with the network’s key, sets which notifications come, and turns it off again', async () => {
    const { server } = devicesServer();
    const push = fakePush();
    renderPage(<BrowserNotifications push={push} />, { url: '/members/m1/settings/edit', api: server.api });
    expect((await screen.findByTestId('push-state')).textContent).toBe('Off for this browser.');
    expect(screen.getByTestId('device-phone').textContent).toContain('My phone (iPhone or iPad app)');

    await waitFor(() => expect(screen.getByTestId<HTMLButtonElement>('push-toggle').disabled).toBe(false));
    fireEvent.click(screen.getByTestId('push-toggle'));
    await waitFor(() => expect(screen.getByTestId('push-state').textContent).toBe('On for this browser.'));
    expect(push.subscribedWith).toEqual([KEY]);
    expect(server.callsTo('POST', '/api/v1/devices')[0].body).toEqual({ device: { platform: 'web', name: expect.any(String), push_subscription: subscription } });

    const mentions = await screen.findByTestId<HTMLInputElement>('push-flag-mentioned');
    expect(mentions.checked).toBe(true);
    fireEvent.click(mentions);
    await waitFor(() => expect(screen.getByTestId<HTMLInputElement>('push-flag-mentioned').checked).toBe(false));
    expect(server.callsTo('POST', '/api/v1/devices/here/settings')[0].body).toEqual({ notifications: { activities: { mentioned: false } } });
    expect(screen.getByTestId<HTMLInputElement>('push-flag-activity_replied').checked).toBe(true);

    fireEvent.click(screen.getByTestId('push-toggle'));
    await waitFor(() => expect(screen.getByTestId('push-state').textContent).toBe('Off for this browser.'));
    expect(server.callsTo('DELETE', '/api/v1/devices/here')).toHaveLength(1);
    expect(push.unsubscribed).toBe(1);
    expect(screen.queryByTestId('push-flags')).toBeNull();
  });

  it('removes another device, and follows a device registered elsewhere (pushed)', async () => {
    const { server, setDevices } = devicesServer();
    const { channel } = renderPage(<BrowserNotifications push={fakePush()} />, { url: '/members/m1/settings/edit', api: server.api });
    fireEvent.click(await screen.findByTestId('device-remove-phone'));
    await screen.findByText('No other devices.');
    expect(server.callsTo('DELETE', '/api/v1/devices/phone')).toHaveLength(1);

    setDevices([{ ...phone, id: 'tablet', name: 'Tablet', platform: 'android' }]);
    act(() => channel.push({ collection: 'member_devices_v1', id: 'm1', doc: { position: 7 } }));
    expect((await screen.findByTestId('device-tablet')).textContent).toContain('Tablet (Android app)');
  });

  it('says when the browser cannot, or the member blocked it, and shows nothing when the network has no push', async () => {
    const { server } = devicesServer();
    const first = renderPage(<BrowserNotifications push={fakePush({ supported: false })} />, { url: '/members/m1/settings/edit', api: server.api });
    expect((await screen.findByTestId('push-state')).textContent).toBe('This browser cannot show notifications from the network.');
    expect(screen.queryByTestId('push-toggle')).toBeNull();
    first.unmount();

    const blocked = renderPage(<BrowserNotifications push={fakePush({ permission: 'denied' })} />, { url: '/members/m1/settings/edit', api: server.api });
    expect((await screen.findByTestId('push-state')).textContent).toBe("Notifications are blocked for this site in the browser's settings.");
    blocked.unmount();

    const refused = renderPage(<BrowserNotifications push={fakePush({ grants: false })} />, { url: '/members/m1/settings/edit', api: server.api });
    await waitFor(() => expect(screen.getByTestId<HTMLButtonElement>('push-toggle').disabled).toBe(false));
    fireEvent.click(screen.getByTestId('push-toggle'));
    expect((await screen.findByRole('alert')).textContent).toBe('The browser did not allow notifications.');
    expect(server.callsTo('POST', '/api/v1/devices')).toHaveLength(0);
    refused.unmount();

    const off = fakeServer({ 'GET /api/v1/devices': { status: 200, body: { devices: [] } } });
    renderPage(<BrowserNotifications push={fakePush()} />, { url: '/members/m1/settings/edit', api: off.api });
    await waitFor(() => expect(off.callsTo('GET', '/api/v1/get-web-token')).toHaveLength(1));
    expect(screen.queryByTestId('browser-notifications')).toBeNull();
  });
});
