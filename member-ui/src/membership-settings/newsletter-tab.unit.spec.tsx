/** @jest-environment jsdom */
import '../appointments/jsdom-text-encoding.cjs';
import { DEFAULT_MEMBERSHIP_SETTINGS, type MembershipSettingsResponse, type NewsletterScheduleDto } from '@cn/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeServer, renderPage, type Answer } from '../testing/render';
import { MembershipSettingsPage } from './MembershipSettingsPage';
import { scheduleWording } from './newsletter-schedule';

const loaded: MembershipSettingsResponse = {
  settings: DEFAULT_MEMBERSHIP_SETTINGS,
  can: { edit: true, reactivate: false, tabs: { email_digests: true, email_daily_digests: false, email_subscriptions: false, email_notifications: true, email_newsletter: true, email_admin_notifications: false } },
  bounced: false,
  groups: [],
  network_time_zone: 'Europe/Berlin',
};

describe('the newsletter tab of the membership settings', () => {
  it('saves the real email_newsletter setting and tells the schedule, following an administrator’s change live', async () => {
    let schedule: NewsletterScheduleDto = { enabled: true, interval: 'weekly', day: 'mon', second_day: null, time: 'am', second_time: null };
    const server = fakeServer({
      'GET /members/m1/settings': { status: 200, body: loaded },
      'GET /api/v1/newsletter': (): Answer => ({ status: 200, body: schedule }),
      'PUT /members/m1/settings': { status: 200, body: { position: 9 }, position: 9 },
    });
    const { channel } = renderPage(<MembershipSettingsPage />, { url: '/members/m1/settings/edit', path: '/members/:id/settings/edit', api: server.api });
    expect((await screen.findByTestId('newsletter-schedule')).textContent).toBe('The newsletter goes out every Monday, in the morning.');

    const tab = screen.getByTestId('settings-email_newsletter');
    const box = tab.querySelector('input[type="checkbox"]') as HTMLInputElement;
    expect(box.checked).toBe(true);
    fireEvent.click(box);
    fireEvent.submit(box.closest('form') as HTMLFormElement);
    await waitFor(() => expect(server.callsTo('PUT', '/members/m1/settings')).toHaveLength(1));
    expect(server.callsTo('PUT', '/members/m1/settings')[0].body).toMatchObject({ email_newsletter: false });

    schedule = { enabled: false, interval: 'weekly', day: 'mon', second_day: null, time: 'am', second_time: null };
    act(() => channel.push({ collection: 'newsletter', id: 'network', doc: { position: 10 } }));
    await waitFor(() => expect(screen.getByTestId('newsletter-schedule').textContent).toBe('The network sends no newsletter at the moment.'));
  });

  it('words every interval', () => {
    const time = (value: string) => value;
    expect(scheduleWording({ enabled: true, interval: 'monthly', day: 1, second_day: null, time: 'pm', second_time: null }, 'en', time)).toEqual({
      key: 'membership_settings.newsletter_schedule.monthly',
      values: { day: '1', time: 'pm' },
    });
    expect(scheduleWording({ enabled: true, interval: 'semimonthly', day: 1, second_day: 15, time: 'am', second_time: 'lpm' }, 'en', time)).toEqual({
      key: 'membership_settings.newsletter_schedule.semimonthly',
      values: { day: '1', time: 'am', second_day: '15', second_time: 'lpm' },
    });
    expect(scheduleWording({ enabled: true, interval: 'weekly', day: 'fri', second_day: null, time: 'am', second_time: null }, 'de', time).values.day).toBe('Freitag');
  });
});
