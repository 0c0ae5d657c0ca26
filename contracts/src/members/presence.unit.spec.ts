import { isFreshConnection, PRESENCE_STALE_SECONDS, statusSeenBy } from './presence';

describe('presence follows the connection', () => {
  const busy = { type: 'busy' as const, text: 'focus' };
  const invisible = { type: 'invisible' as const, text: 'away' };
  const view = { subjectId: 'cat', viewerId: 'bob', showOnlineStatus: 'optional' as const, connected: true };

  it('shows the chosen status while connected, online when none was chosen, nothing once offline', () => {
    expect(statusSeenBy(busy, view)).toEqual(busy);
    expect(statusSeenBy(null, view)).toEqual({ type: 'online', text: '' });
    expect(statusSeenBy(busy, { ...view, connected: false })).toBeUndefined();
  });

  it('hides an invisible member from others, never from themself, and everything when the network disables it', () => {
    expect(statusSeenBy(invisible, view)).toBeUndefined();
    expect(statusSeenBy(invisible, { ...view, viewerId: 'cat' })).toEqual(invisible);
    expect(statusSeenBy(busy, { ...view, showOnlineStatus: 'disabled' })).toBeUndefined();
    expect(statusSeenBy(busy, { ...view, viewerId: 'cat', showOnlineStatus: 'disabled' })).toBeUndefined();
  });

  it('takes a connection entry for stale once its process stopped refreshing it', () => {
    const now = new Date('2026-01-01T12:00:00Z');
    expect(isFreshConnection({ seen_at: new Date(now.getTime() - 10_000).toISOString() }, now)).toBe(true);
    expect(isFreshConnection({ seen_at: new Date(now.getTime() - PRESENCE_STALE_SECONDS * 1000).toISOString() }, now)).toBe(false);
  });
});
