/** @jest-environment jsdom */
import '../appointments/jsdom-text-encoding.cjs';
import type { NotificationDto, NotificationsResponse } from '@cn/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { LeftNavigation } from '../shell/LeftNavigation';
import { NotificationsDropdown } from '../shell/NotificationsDropdown';
import { fakeChannel, fakeServer, renderPage, type Answer } from '../testing/render';

const notification = (position: number, change: Partial<NotificationDto> = {}): NotificationDto => ({
  id: `a1:${position}`,
  kind: 'appointment_invited',
  at: new Date(Date.now() - 5 * 60_000).toISOString(),
  position,
  read: false,
  actor: { id: 'ada', name: 'Ada Admin', path: '/members/ada' },
  subject: { type: 'appointment', id: 'a1', name: 'Garden party', html_url: '/appointments/a1' },
  ...change,
});
const answer = (notifications: NotificationDto[], unread = notifications.filter((n) => !n.read).length): Answer => ({
  status: 200,
  body: { notifications, unread_count: unread, newest_position: notifications[0]?.position ?? 0 } satisfies NotificationsResponse,
});

describe('the bell', () => {
  it('shows the unread count, lists the notifications in words when opened, and marks them read at once', async () => {
    let current = answer([notification(9, { kind: 'appointment_canceled' }), notification(7), notification(3, { read: true, kind: 'waitlist_promoted', actor: null })]);
    const server = fakeServer({
      'GET /api/v1/notifications': () => current,
      'POST /api/v1/notifications/read': () => {
        current = answer([notification(9, { kind: 'appointment_canceled', read: true }), notification(7, { read: true }), notification(3, { read: true, kind: 'waitlist_promoted', actor: null })]);
        return { status: 200, body: { position: 10 }, position: 10 };
      },
    });
    renderPage(<NotificationsDropdown />, { url: '/', api: server.api });
    expect((await screen.findByTestId('notifications-count')).textContent).toBe('2');
    expect(screen.getByTestId('notifications-button').getAttribute('aria-label')).toBe('Notifications, 2 unread');

    fireEvent.click(screen.getByTestId('notifications-button'));
    const items = await screen.findAllByTestId('notification');
    expect(items.map((item) => item.querySelector('.notification__text')?.textContent)).toEqual([
      'Ada Admin canceled an appointment: Garden party',
      'Ada Admin invited you: Garden party',
      'A place became free, you are in: Garden party',
    ]);
    expect(within(items[0]).getByRole('link', { name: 'Garden party' }).getAttribute('href')).toBe('/appointments/a1');
    expect(items.map((item) => item.className.includes('notification--unread'))).toEqual([true, true, false]);
    // the badge drops at once; the server is told how far the member has read
    await waitFor(() => expect(screen.queryByTestId('notifications-count')).toBeNull());
    expect(server.callsTo('POST', '/api/v1/notifications/read')[0]?.body).toEqual({ up_to: 9 });
    // what was new when it opened stays marked until it closes
    await waitFor(() => expect(server.callsTo('GET', '/api/v1/notifications').length).toBeGreaterThan(1));
    expect(screen.getAllByTestId('notification')[0]?.className).toContain('notification--unread');
    fireEvent.keyDown(screen.getByTestId('notifications-panel'), { key: 'Escape' });
    expect(screen.queryByTestId('notifications-panel')).toBeNull();
    expect(document.activeElement).toBe(screen.getByTestId('notifications-button'));
  });

  it('shows 99+ beyond 99, says so when there is nothing, and follows a pushed change without a reload', async () => {
    let current = answer([], 0);
    const server = fakeServer({ 'GET /api/v1/notifications': () => current });
    const channel = fakeChannel();
    renderPage(<NotificationsDropdown />, { url: '/', api: server.api, channel });
    fireEvent.click(await screen.findByTestId('notifications-button'));
    expect((await screen.findByText('No new notifications.')).textContent).toBe('No new notifications.');
    fireEvent.click(screen.getByTestId('notifications-button'));

    current = answer([notification(12)], 140);
    act(() => channel.push({ collection: 'notifications', id: 'me', doc: { unread_count: 140 } }));
    await waitFor(() => expect(screen.getByTestId('notifications-count').textContent).toBe('99+'));
  });

  it('says in words when the list cannot be read, and reads it again', async () => {
    let current: Answer = { status: 503, body: { statusCode: 503, error: 'storage_unavailable', errors: [] } };
    const server = fakeServer({ 'GET /api/v1/notifications': () => current });
    renderPage(<NotificationsDropdown />, { url: '/', api: server.api });
    fireEvent.click(await screen.findByTestId('notifications-button'));
    const alert = await screen.findByTestId('notifications-error');
    expect(alert.textContent).not.toContain('storage_unavailable');
    current = answer([notification(4)]);
    fireEvent.click(within(alert).getByText('Try again'));
    expect(await screen.findByText('Garden party')).toBeTruthy();
  });
});

describe('the navigation', () => {
  it('counts the open invites beside the invites item, live', async () => {
    let open = 2;
    const server = fakeServer({ 'GET /api/v1/invites': () => ({ status: 200, body: { invites: [], open_count: open, next: null } }) });
    const channel = fakeChannel();
    renderPage(<LeftNavigation />, { url: '/appointments', path: '/appointments', api: server.api, channel });
    expect((await screen.findByTestId('nav-count-open_invites')).textContent).toBe('2');
    open = 3;
    act(() => channel.push({ collection: 'appointments', id: 'a9', doc: { position: 20 } }));
    await waitFor(() => expect(screen.getByTestId('nav-count-open_invites').textContent).toBe('3'));
    open = 0;
    act(() => channel.push({ collection: 'appointments', id: 'a9', doc: { position: 21 } }));
    await waitFor(() => expect(screen.queryByTestId('nav-count-open_invites')).toBeNull());
  });
});
