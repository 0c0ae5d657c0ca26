/** @jest-environment jsdom */
import '../appointments/jsdom-text-encoding.cjs';
import type { NotificationDto, NotificationsResponse, UnreadsResponse } from '@cn/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeChannel, fakeServer, renderPage, type Answer } from '../testing/render';
import { GroupUnreadBadge } from '../unreads/UnreadBadge';
import { NotificationsPage } from './NotificationsPage';

const mention: NotificationDto = {
  id: 'activity-p1:9',
  kind: 'mentioned',
  at: new Date(Date.now() - 60_000).toISOString(),
  position: 9,
  read: false,
  actor: { id: 'max', name: 'Max Member', path: '/members/max' },
  subject: { type: 'activity', id: 'p1', name: 'Water the beds @Ada Admin', html_url: '/activities/p1' },
};
const request: NotificationDto = { ...mention, id: 'group-g:5', kind: 'group_join_requested', position: 5, read: true, subject: { type: 'group', id: 'g', name: 'Gardeners', html_url: '/groups/gardening' } };
const list = (notifications: NotificationDto[]): Answer => ({
  status: 200,
  body: { notifications, unread_count: notifications.filter((n) => !n.read).length, newest_position: notifications[0]?.position ?? 0 } satisfies NotificationsResponse,
});
const unreads = (count: number): Answer => ({
  status: 200,
  body: { notifications: 0, features: { Activitystreams: count, Calendars: 0, Messages: 0 }, activities: { total: count, streams: [{ slug: 'gardening', count }] }, folders: 0 } satisfies UnreadsResponse,
});

describe('/notifications', () => {
  it('lists every kind in words with a link to its source, marks the unread, and "mark all read" reads up to the newest', async () => {
    let current = list([mention, request]);
    const server = fakeServer({
      'GET /api/v1/notifications': () => current,
      'POST /api/v1/notifications/read': () => {
        current = list([{ ...mention, read: true }, request]);
        return { status: 200, body: { position: 10 }, position: 10 };
      },
    });
    renderPage(<NotificationsPage />, { url: '/notifications', api: server.api });
    const items = await screen.findAllByTestId('notification');
    expect(items.map((item) => item.querySelector('.notification__text')?.textContent)).toEqual([
      'Max Member mentioned you: Water the beds @Ada Admin',
      'Max Member asks to join your group: Gardeners',
    ]);
    expect(within(items[0]).getByRole('link').getAttribute('href')).toBe('/activities/p1');
    expect(items.map((item) => item.getAttribute('data-read'))).toEqual(['false', 'true']);
    expect(server.callsTo('GET', '/api/v1/notifications')[0]?.url).toBe('/api/v1/notifications?limit=50');

    fireEvent.click(screen.getByTestId('notifications-mark-all-read'));
    await waitFor(() => expect(server.callsTo('POST', '/api/v1/notifications/read')[0]?.body).toEqual({ up_to: 9 }));
    await waitFor(() => expect(screen.getAllByTestId('notification').map((item) => item.getAttribute('data-read'))).toEqual(['true', 'true']));
    expect(screen.queryByTestId('notifications-mark-all-read')).toBeNull();
  });
});

describe("a group's unread badge", () => {
  it('shows the count pushed changes bring (99+ beyond), and nothing at 0', async () => {
    let count = 0;
    const server = fakeServer({ 'GET /api/v1/unreads': () => unreads(count) });
    const channel = fakeChannel();
    renderPage(<GroupUnreadBadge slug="gardening" />, { url: '/', api: server.api, channel });
    await waitFor(() => expect(server.callsTo('GET', '/api/v1/unreads').length).toBe(1));
    expect(screen.queryByTestId('nav-group-unread-gardening')).toBeNull();
    count = 3;
    act(() => channel.push({ collection: 'activities', id: 'g', doc: { position: 20 } }));
    await waitFor(() => expect(screen.getByTestId('nav-group-unread-gardening').textContent).toBe('3'));
    count = 140;
    act(() => channel.push({ collection: 'notifications', id: 'me', doc: { unread_count: 1 } }));
    await waitFor(() => expect(screen.getByTestId('nav-group-unread-gardening').textContent).toBe('99+'));
  });
});
