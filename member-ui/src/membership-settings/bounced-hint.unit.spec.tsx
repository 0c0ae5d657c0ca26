/** @jest-environment jsdom */
import '../appointments/jsdom-text-encoding.cjs';
import { DEFAULT_MEMBERSHIP_SETTINGS, type MembershipSettingsResponse } from '@cn/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeServer, renderPage, type Answer } from '../testing/render';
import { MembershipSettingsPage } from './MembershipSettingsPage';

const tabs = { email_digests: true, email_daily_digests: false, email_subscriptions: false, email_notifications: true, email_newsletter: true, email_admin_notifications: false };
const answer = (bounced: boolean): MembershipSettingsResponse => ({
  settings: DEFAULT_MEMBERSHIP_SETTINGS,
  can: { edit: true, reactivate: bounced, tabs },
  bounced,
  groups: [],
  network_time_zone: 'Europe/Berlin',
});

describe('a bounce-listed address on the membership settings page', () => {
  it('shows only the activate hint instead of the mail tabs, activates it, and follows a bounce live', async () => {
    let bounced = true;
    const server = fakeServer({
      'GET /members/m1/settings': (): Answer => ({ status: 200, body: answer(bounced) }),
      'GET /api/v1/newsletter': { status: 200, body: { enabled: false, interval: 'weekly', day: 'mon', second_day: null, time: 'am', second_time: null } },
      'POST /members/m1/email/reactivate': (): Answer => {
        bounced = false;
        return { status: 200, body: { position: 7 }, position: 7 };
      },
    });
    const { channel } = renderPage(<MembershipSettingsPage />, { url: '/members/m1/settings/edit', path: '/members/:id/settings/edit', api: server.api });
    const hint = await screen.findByTestId('settings-bounced');
    expect(hint.textContent).toContain('Mails to your email address could not be delivered');
    expect(screen.queryByTestId('settings-email_newsletter')).toBeNull();
    expect(screen.queryByTestId('settings-email_notifications')).toBeNull();

    fireEvent.click(screen.getByTestId('settings-reactivate'));
    await waitFor(() => expect(server.callsTo('POST', '/members/m1/email/reactivate')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('settings-bounced')).toBeNull());
    expect(screen.getByTestId('settings-email_newsletter')).toBeTruthy();

    // the mail server refuses the address again: the pushed change brings the hint back without a reload
    bounced = true;
    act(() => channel.push({ collection: 'membership_settings', id: 'm1', doc: { position: 8 } }));
    expect((await screen.findByTestId('settings-bounced')).textContent).toContain('Activate');
  });

  it('offers no button without can.reactivate', async () => {
    const server = fakeServer({
      'GET /members/m1/settings': { status: 200, body: { ...answer(true), can: { edit: true, reactivate: false, tabs } } },
      'GET /api/v1/newsletter': { status: 200, body: { enabled: false, interval: 'weekly', day: 'mon', second_day: null, time: 'am', second_time: null } },
    });
    renderPage(<MembershipSettingsPage />, { url: '/members/m1/settings/edit', path: '/members/:id/settings/edit', api: server.api });
    await screen.findByTestId('settings-bounced');
    expect(screen.queryByTestId('settings-reactivate')).toBeNull();
  });
  it('keeps an unsaved edit when a change is pushed, and follows the push while the form is untouched', async () => {
    let newsletter = true;
    const server = fakeServer({
      'GET /members/m1/settings': (): Answer => ({ status: 200, body: { ...answer(false), settings: { ...DEFAULT_MEMBERSHIP_SETTINGS, email_newsletter: newsletter } } }),
      'GET /api/v1/newsletter': { status: 200, body: { enabled: false, interval: 'weekly', day: 'mon', second_day: null, time: 'am', second_time: null } },
    });
    const { channel } = renderPage(<MembershipSettingsPage />, { url: '/members/m1/settings/edit', path: '/members/:id/settings/edit', api: server.api });
    expect(((await screen.findByTestId('settings-email_newsletter')).querySelector('input') as HTMLInputElement).checked).toBe(true);
    // another tab turns the newsletter off: the untouched form follows
    newsletter = false;
    act(() => channel.push({ collection: 'membership_settings', id: 'm1', doc: { position: 3 } }));
    await waitFor(() => expect((screen.getByTestId('settings-email_newsletter').querySelector('input') as HTMLInputElement).checked).toBe(false));
    // the member turns it on here, unsaved; a push meanwhile must not undo it
    const shown = screen.getByTestId('settings-email_newsletter').querySelector('input') as HTMLInputElement;
    fireEvent.click(shown);
    expect(shown.checked).toBe(true);
    act(() => channel.push({ collection: 'membership_settings', id: 'm1', doc: { position: 4 } }));
    await waitFor(() => expect(server.callsTo('GET', '/members/m1/settings').length).toBeGreaterThanOrEqual(3));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(((await screen.findByTestId('settings-email_newsletter')).querySelector('input') as HTMLInputElement).checked).toBe(true);
  });
});
