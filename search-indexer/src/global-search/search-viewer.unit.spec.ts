import { streamAbilities } from '@cn/contracts';
import { activityAudience, NETWORK_STREAM } from '../activities/activities-index';
import type { CalendarSearchDocument } from '../appointments/appointments-index';
import type { GroupSearchDocument } from '../groups/groups-index';
import { SearchCache } from './search-cache';
import { groupViewerOf, reachOf, type ViewerReach } from './search-viewer';

const group = (id: string, access: GroupSearchDocument['access'], member_ids: string[], open_invites: string[] = []): GroupSearchDocument => ({
  id,
  slug: id,
  name: id,
  teaser: '',
  description: '',
  access,
  archived: false,
  externally_visible: false,
  group_category_id: null,
  member_ids,
  open_invites,
  audience: [],
});
const calendar = (id: string, type: CalendarSearchDocument['type'], parent_id: string | null, author_id: string | null, shared_with: string[] = []): CalendarSearchDocument => ({
  id,
  name: id,
  color: '000000',
  type,
  parent_id,
  author_id,
  shared_with,
});

/** the streams whose activities the viewer's tokens find: the documents' audiences as the index would match them */
const streamsRead = (reach: ViewerReach, groups: readonly GroupSearchDocument[]): string[] =>
  [
    { stream: NETWORK_STREAM, audience: activityAudience(NETWORK_STREAM, null) },
    ...groups.map((g) => ({ stream: g.id, audience: activityAudience(g.id, { id: g.id, access: g.access, externally_visible: g.externally_visible }) })),
  ]
    .filter(({ audience }) => audience.some((token) => reach.activityTokens.includes(token)))
    .map(({ stream }) => stream);

describe('what a viewer may find', () => {
  const groups = [group('open', 'open', ['ann']), group('hidden', 'hidden', ['ann'], ['i1:bob']), group('closed', 'closed', [])];
  const calendars = [calendar('net', 'network', null, 'adm'), calendar('gh', 'group', 'hidden', 'ann'), calendar('pa', 'personal', null, 'ann', ['cid'])];
  const member = (id: string, roles: Partial<{ network_admin: boolean; external: boolean }> = {}) => ({ id, roles: { network_admin: false, external: false, ...roles } });

  it('a hidden group’s stream and files only for its members; an invitation shows the group, not its stream', () => {
    const ann = reachOf(member('ann'), groups, calendars);
    expect(ann.activityTokens).toEqual(['internal', 'g:open', 'g:hidden']);
    expect(streamsRead(ann, groups)).toEqual(['network', 'open', 'hidden', 'closed']);
    expect(ann.fileScopes).toEqual(['network', 'open', 'hidden']);
    expect(ann.appointmentAudience).toEqual(['m:ann', 'c:net', 'c:gh', 'c:pa']);
    const bob = reachOf(member('bob'), groups, calendars);
    expect(bob.activityTokens).toEqual(['internal', 'i:hidden']);
    expect(streamsRead(bob, groups)).toEqual(['network', 'open', 'closed']);
    expect(bob.fileScopes).toEqual(['network']);
    expect(bob.visibleGroups.map((g) => g.id)).toEqual(['open', 'hidden', 'closed']);
    expect(bob.appointmentAudience).toEqual(['m:bob', 'c:net']);
    expect(reachOf(member('cid'), groups, calendars).appointmentAudience).toEqual(['m:cid', 'c:net', 'c:pa']);
  });

  it('network admins read every stream and appointment but only their own groups’ files; external members see no group that is not externally visible', () => {
    const admin = reachOf(member('adm', { network_admin: true }), groups, calendars);
    expect(admin.activityTokens).toEqual(['admin']);
    expect(streamsRead(admin, groups)).toEqual(['network', 'open', 'hidden', 'closed']);
    expect(admin.fileScopes).toEqual(['network']);
    expect(admin.appointmentAudience).toBeNull();
    const ext = reachOf(member('ext', { external: true }), groups, calendars);
    expect(streamsRead(ext, groups)).toEqual(['network']);
    expect(ext.visibleGroups).toEqual([]);
  });

  it('tokens and audiences find exactly the streams streamAbilities lets each viewer read, in every group state', () => {
    const states = [
      ['open', false],
      ['open', true],
      ['closed', false],
      ['closed', true],
      ['hidden', false],
      ['hidden', true],
    ] as const;
    const viewers = [member('ann'), member('bob'), member('ext', { external: true }), member('xin', { external: true }), member('adm', { network_admin: true })];
    for (const [access, externally_visible] of states) {
      // ann and ext are members, bob and xin invited
      const g = { ...group('g', access, ['ann', 'ext'], ['i1:bob', 'i2:xin']), externally_visible };
      for (const viewer of viewers) {
        const see = streamAbilities({ kind: 'group', group: g, viewer: groupViewerOf(g, viewer) }, { member_id: viewer.id, network_admin: viewer.roles.network_admin, external: viewer.roles.external }).see;
        expect([access, externally_visible, viewer.id, streamsRead(reachOf(viewer, [g], []), [g]).includes('g')]).toEqual([access, externally_visible, viewer.id, see]);
      }
    }
  });

  it('an activity of a group whose state is not known yet (or that is deleted) is found by nobody but its members', () => {
    expect(activityAudience('g', null)).toEqual(['g:g']);
  });
});

describe('the search answers cache', () => {
  it('reuses an answer for 60 s at the same index position only', async () => {
    let now = 0;
    const cache = new SearchCache<number>(() => now);
    let computed = 0;
    const answer = (position: number) => cache.get(SearchCache.key('ann', position, ['q']), () => Promise.resolve(++computed));
    expect(await answer(1)).toBe(1);
    expect(await answer(1)).toBe(1);
    expect(await answer(2)).toBe(2);
    now = 59_999;
    expect(await answer(2)).toBe(2);
    now = 60_000;
    expect(await answer(2)).toBe(3);
    expect(await cache.get(SearchCache.key('bob', 2, ['q']), () => Promise.resolve(99))).toBe(99);
  });
});
