import type { MembershipSettingsEvent } from '@cn/contracts';
import { digestDecider, slotRecorded, type DigestCommand } from './digest.decider';

const record = (at: string, upTo: number): DigestCommand => ({
  type: 'RecordDigestSent',
  member_id: 'ann',
  kind: 'email_digests',
  slot: { id: `email_digests@${at}`, at },
  up_to_position: upTo,
  counts: { activities: 2, notifications: 1, appointments: 0 },
});
const given = (events: readonly MembershipSettingsEvent[]) => events.reduce(digestDecider.evolve, digestDecider.initialState());

describe('digestDecider', () => {
  it('records a slot with the position it covered', () => {
    expect(digestDecider.decide(record('2026-11-23T06:00:00.000Z', 40), given([]))).toEqual([
      {
        type: 'DigestSent',
        data: { member_id: 'ann', kind: 'email_digests', slot: 'email_digests@2026-11-23T06:00:00.000Z', up_to_position: 40, activities: 2, notifications: 1, appointments: 0 },
      },
    ]);
  });

  it('records a slot once, and never one older than the last', () => {
    const state = given(digestDecider.decide(record('2026-11-23T06:00:00.000Z', 40), given([])));
    expect(state.kinds.email_digests).toEqual({ up_to_position: 40, last_slot_at: '2026-11-23T06:00:00.000Z' });
    expect(state.kinds.email_daily_digests.up_to_position).toBe(0);
    expect(digestDecider.decide(record('2026-11-23T06:00:00.000Z', 41), state)).toEqual([]);
    expect(digestDecider.decide(record('2026-11-16T06:00:00.000Z', 41), state)).toEqual([]);
    expect(slotRecorded(state, 'email_digests', '2026-11-23T06:00:00.000Z')).toBe(true);
    expect(slotRecorded(state, 'email_daily_digests', '2026-11-23T06:00:00.000Z')).toBe(false);
    expect(digestDecider.decide(record('2026-11-30T06:00:00.000Z', 50), state)).toHaveLength(1);
  });

  it('ignores the settings themselves', () => {
    const changed: MembershipSettingsEvent = { type: 'MembershipSettingsChanged', data: { member_id: 'ann', settings: { email_digests: { enabled: false, switch: 'all', group_ids: [], include_network_level: false }, email_daily_digests: { enabled: false, switch: 'all', group_ids: [], include_network_level: false }, email_subscriptions: [], email_notifications: [], email_admin_notifications: [], email_newsletter: false, time_zone: null } } };
    expect(given([changed])).toEqual(digestDecider.initialState());
  });
});
