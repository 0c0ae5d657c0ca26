import { DIGEST_RECHECK_MS, nextDigestSlot, planDigests, type DigestMailSettings } from './digest-slots';

const BERLIN = 'Europe/Berlin';
const none = { mon: null, tue: null, wed: null, thu: null, fri: null, sat: null, sun: null } as const;
const mail = (overrides: Partial<DigestMailSettings> = {}): DigestMailSettings => ({
  digest_sending_days: { ...none, mon: 'am' },
  digests: { enabled: true, max_upcoming_appointments: 5 },
  daily_activity: { enabled: true, mode: 'new' },
  ...overrides,
});
const at = (iso: string): Date => new Date(iso);

describe('nextDigestSlot', () => {
  it('finds the next weekday that names a time, at that time in the network zone', () => {
    // Sunday noon → Monday 07:00 in Berlin (UTC+1 in November)
    expect(nextDigestSlot('email_digests', mail(), at('2026-11-22T12:00:00Z'), BERLIN)).toEqual({
      kind: 'email_digests',
      at: '2026-11-23T06:00:00.000Z',
      id: 'email_digests@2026-11-23T06:00:00.000Z',
    });
  });

  it('is strictly after: the slot itself leads to next week', () => {
    expect(nextDigestSlot('email_digests', mail(), at('2026-11-23T06:00:00.000Z'), BERLIN)?.at).toBe('2026-11-30T06:00:00.000Z');
    expect(nextDigestSlot('email_digests', mail(), at('2026-11-23T05:59:59.999Z'), BERLIN)?.at).toBe('2026-11-23T06:00:00.000Z');
  });

  it('walks several sending days and times (am 07:00, pm 13:00, lpm 17:00)', () => {
    const days = mail({ digest_sending_days: { ...none, mon: 'am', wed: 'pm', fri: 'lpm' } });
    expect(nextDigestSlot('email_digests', days, at('2026-11-23T06:00:00Z'), BERLIN)?.at).toBe('2026-11-25T12:00:00.000Z');
    expect(nextDigestSlot('email_digests', days, at('2026-11-25T12:00:00Z'), BERLIN)?.at).toBe('2026-11-27T16:00:00.000Z');
    expect(nextDigestSlot('email_digests', days, at('2026-11-27T16:00:00Z'), BERLIN)?.at).toBe('2026-11-30T06:00:00.000Z');
  });

  it('follows summer time', () => {
    expect(nextDigestSlot('email_digests', mail(), at('2026-07-05T12:00:00Z'), BERLIN)?.at).toBe('2026-07-06T05:00:00.000Z');
  });

  it('sends daily digests every day at am, whatever the weekly days say', () => {
    expect(nextDigestSlot('email_daily_digests', mail({ digest_sending_days: none }), at('2026-11-23T06:00:00Z'), BERLIN)?.at).toBe('2026-11-24T06:00:00.000Z');
  });

  it('has no slot where the network sends none', () => {
    expect(nextDigestSlot('email_digests', mail({ digests: { enabled: false, max_upcoming_appointments: 0 } }), at('2026-11-22T12:00:00Z'), BERLIN)).toBeNull();
    expect(nextDigestSlot('email_digests', mail({ digest_sending_days: none }), at('2026-11-22T12:00:00Z'), BERLIN)).toBeNull();
    expect(nextDigestSlot('email_daily_digests', mail({ daily_activity: { enabled: false, mode: 'new' } }), at('2026-11-22T12:00:00Z'), BERLIN)).toBeNull();
  });
});

describe('planDigests', () => {
  it('sends the slot that came due and plans from it', () => {
    const plan = planDigests('email_digests', mail(), at('2026-11-23T05:00:00Z'), at('2026-11-23T06:00:00.010Z'), BERLIN);
    expect(plan.due?.id).toBe('email_digests@2026-11-23T06:00:00.000Z');
    expect(plan.from).toBe('2026-11-23T06:00:00.000Z');
    // the next slot is a week away: the planner looks at the settings again within the hour
    expect(plan.next_at).toBe(new Date(Date.parse('2026-11-23T06:00:00.010Z') + DIGEST_RECHECK_MS).toISOString());
  });

  it('a slot missed while the process was down is sent once at the restart; later looks find it dealt with', () => {
    const restart = at('2026-11-23T09:30:00Z');
    const first = planDigests('email_digests', mail(), at('2026-11-23T05:30:00Z'), restart, BERLIN);
    expect(first.due?.at).toBe('2026-11-23T06:00:00.000Z');
    const again = planDigests('email_digests', mail(), new Date(first.from), at('2026-11-23T09:31:00Z'), BERLIN);
    expect(again.due).toBeNull();
  });

  it('merges several missed slots into the latest (what is new is counted by position, not by slot)', () => {
    const plan = planDigests('email_daily_digests', mail(), at('2026-11-20T07:00:00Z'), at('2026-11-23T08:00:00Z'), BERLIN);
    expect(plan.due?.at).toBe('2026-11-23T06:00:00.000Z');
    expect(plan.next_at).toBe('2026-11-23T09:00:00.000Z');
  });

  it('with nothing due it waits for the next slot when it is within the hour, else looks again in an hour', () => {
    const soon = planDigests('email_digests', mail(), at('2026-11-23T05:30:00Z'), at('2026-11-23T05:30:00Z'), BERLIN);
    expect(soon).toEqual({ due: null, from: '2026-11-23T05:30:00.000Z', next_at: '2026-11-23T06:00:00.000Z' });
    const later = planDigests('email_digests', mail({ digests: { enabled: false, max_upcoming_appointments: 0 } }), at('2026-11-23T05:30:00Z'), at('2026-11-23T05:30:00Z'), BERLIN);
    expect(later).toEqual({ due: null, from: '2026-11-23T05:30:00.000Z', next_at: '2026-11-23T06:30:00.000Z' });
  });
});
