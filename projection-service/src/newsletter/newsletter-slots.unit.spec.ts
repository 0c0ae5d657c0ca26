import { DEFAULT_NEWSLETTER_SETTINGS, type NewsletterSettings } from '@cn/contracts';
import { nextNewsletterSlot, planNewsletter } from './newsletter-slots';

const on = (change: Partial<NewsletterSettings>): NewsletterSettings => ({ ...DEFAULT_NEWSLETTER_SETTINGS, enabled: true, ...change });
const next = (settings: NewsletterSettings, after: string, zone = 'Europe/Berlin') => nextNewsletterSlot(settings, new Date(after), zone)?.at ?? null;

describe('newsletter sending slots', () => {
  it('sends nothing while switched off', () => {
    expect(next(DEFAULT_NEWSLETTER_SETTINGS, '2026-12-01T00:00:00Z')).toBeNull();
  });

  it('weekly: the weekday at its time in the network zone (Monday am = 07:00 Berlin)', () => {
    expect(next(on({}), '2026-12-01T00:00:00Z')).toBe('2026-12-07T06:00:00.000Z');
    expect(next(on({ day: 'tue', time: 'lpm' }), '2026-12-01T00:00:00Z')).toBe('2026-12-01T16:00:00.000Z');
    expect(next(on({ day: 'tue', time: 'lpm' }), '2026-12-01T16:00:00Z')).toBe('2026-12-08T16:00:00.000Z');
    expect(next(on({ day: 'wed', time: 'pm' }), '2026-12-01T00:00:00Z', 'America/New_York')).toBe('2026-12-02T18:00:00.000Z');
  });

  it('monthly: the day of the month, the 31st on a shorter month’s last day', () => {
    expect(next(on({ interval: 'monthly', day: 1 }), '2026-12-01T07:00:00Z')).toBe('2027-01-01T06:00:00.000Z');
    expect(next(on({ interval: 'monthly', day: 31 }), '2027-02-01T00:00:00Z')).toBe('2027-02-28T06:00:00.000Z');
  });

  it('semimonthly: both days, each at its own time', () => {
    const settings = on({ interval: 'semimonthly', day: 1, second_day: 15, time: 'am', second_time: 'pm' });
    expect(next(settings, '2026-12-02T00:00:00Z')).toBe('2026-12-15T12:00:00.000Z');
    expect(next(settings, '2026-12-15T12:00:00Z')).toBe('2027-01-01T06:00:00.000Z');
  });

  it('a slot missed while down is sent once, the next look is within the hour', () => {
    const plan = planNewsletter(on({}), new Date('2026-12-06T00:00:00Z'), new Date('2026-12-07T09:00:00Z'), 'Europe/Berlin');
    expect(plan.due?.at).toBe('2026-12-07T06:00:00.000Z');
    expect(plan.from).toBe('2026-12-07T09:00:00.000Z');
    expect(plan.next_at).toBe('2026-12-07T10:00:00.000Z');
    expect(planNewsletter(on({}), new Date(plan.from), new Date('2026-12-07T10:00:00Z'), 'Europe/Berlin').due).toBeNull();
  });
});
