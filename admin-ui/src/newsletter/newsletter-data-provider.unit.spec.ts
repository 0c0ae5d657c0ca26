import type { ApiClient } from '../api/apiClient';
import { createNewsletterDataProvider, newsletterSaveRequest } from './newsletter-data-provider';
import { daysForInterval, dayChoicesOf, moveInOrder } from './newsletter-form';

describe('the newsletter data provider', () => {
  it('reads each record from its own path and saves it at the revision it was read at', async () => {
    const calls: Array<{ url: string; init?: { method?: string; body?: string } }> = [];
    const api = {
      httpClient: (url: string, init?: { method?: string; body?: string }) => {
        calls.push({ url, init });
        return Promise.resolve({ json: { enabled: true, interval: 'weekly', day: 'mon', second_day: null, time: 'am', second_time: null, revision: 3, updated_at: null } });
      },
    } as unknown as ApiClient;
    const provider = createNewsletterDataProvider(api);
    const { data } = await provider.getOne('newsletter', { id: 'settings' });
    expect(calls[0].url).toBe('/administration/newsletter/settings');
    expect(data).toMatchObject({ id: 'settings', revision: 3 });
    await provider.update('newsletter', { id: 'settings', data: { interval: 'monthly', day: 1 }, previousData: data });
    expect(calls[1]).toMatchObject({ url: '/administration/newsletter/settings', init: { method: 'PUT' } });
    expect(JSON.parse(calls[1].init?.body ?? '')).toEqual({ enabled: true, interval: 'monthly', day: 1, second_day: null, time: 'am', second_time: null, revision: 3 });
    await expect(provider.getOne('newsletter', { id: 'nope' })).rejects.toMatchObject({ status: 404 });
  });

  it('sends the order to the spec’s update_upcoming_activities route', () => {
    expect(newsletterSaveRequest('upcoming_activities', { order: ['a', 'b'], revision: 2 })).toEqual({
      method: 'POST',
      path: '/administration/newsletter/settings/update_upcoming_activities',
      body: { order: ['a', 'b'], revision: 2 },
    });
  });
});

describe('the newsletter form rules', () => {
  it('offers weekdays for weekly and 1 to 31 otherwise', () => {
    expect(dayChoicesOf('weekly').map((choice) => choice.id)).toEqual(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']);
    expect(dayChoicesOf('monthly').map((choice) => choice.id)).toEqual(Array.from({ length: 31 }, (_, index) => index + 1));
  });

  it('moves a day that no longer fits to the default and gives semimonthly its second day and time', () => {
    expect(daysForInterval('monthly', { day: 'fri', second_day: null, second_time: null })).toEqual({ day: 1, second_day: null, second_time: null });
    expect(daysForInterval('semimonthly', { day: 10, second_day: null, second_time: null })).toEqual({ day: 10, second_day: 15, second_time: 'am' });
    expect(daysForInterval('weekly', { day: 10, second_day: 15, second_time: 'pm' })).toEqual({ day: 'mon', second_day: null, second_time: null });
  });

  it('moves an entry within bounds', () => {
    expect(moveInOrder(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveInOrder(['a', 'b', 'c'], 0, 9)).toEqual(['b', 'c', 'a']);
  });
});
