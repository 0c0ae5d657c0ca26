import type { GroupViewer } from '../groups/group-abilities';
import { activityAbilities, streamAbilities, unreadBadge, type ActivityViewer, type StreamFacts } from './activity-abilities';

const viewer = (overrides: Partial<ActivityViewer> = {}): ActivityViewer => ({ member_id: 'me', network_admin: false, external: false, ...overrides });
const inGroup = (who: ActivityViewer, status: GroupViewer['status'], group_admin = false): GroupViewer => ({ ...who, status, group_admin });
const group = (access: 'open' | 'closed' | 'hidden', who: ActivityViewer, status: GroupViewer['status'], extra: { archived?: boolean; group_admin?: boolean; externally_visible?: boolean } = {}): StreamFacts => ({
  kind: 'group',
  group: { access, archived: extra.archived ?? false, externally_visible: extra.externally_visible ?? false },
  viewer: inGroup(who, status, extra.group_admin),
});

describe('stream abilities', () => {
  it('the network stream: everyone reads it, external members do not post in it, network admins moderate', () => {
    expect(streamAbilities({ kind: 'network' }, viewer())).toEqual({ see: true, post: true, moderate: false });
    expect(streamAbilities({ kind: 'network' }, viewer({ external: true }))).toEqual({ see: true, post: false, moderate: false });
    expect(streamAbilities({ kind: 'network' }, viewer({ network_admin: true }))).toEqual({ see: true, post: true, moderate: true });
  });

  it('a group stream: members post, its admins moderate; hidden ones exist only for members (not the invited) and network admins', () => {
    const me = viewer();
    expect(streamAbilities(group('open', me, 'no_member'), me)).toEqual({ see: true, post: false, moderate: false });
    expect(streamAbilities(group('closed', me, 'member', { group_admin: true }), me)).toEqual({ see: true, post: true, moderate: true });
    expect(streamAbilities(group('hidden', me, 'invited'), me).see).toBe(false);
    expect(streamAbilities(group('hidden', me, 'no_member'), me).see).toBe(false);
    expect(streamAbilities(group('hidden', me, 'member'), me)).toEqual({ see: true, post: true, moderate: false });
    const admin = viewer({ network_admin: true });
    expect(streamAbilities(group('hidden', admin, 'no_member'), admin)).toEqual({ see: true, post: false, moderate: true });
    const guest = viewer({ external: true });
    expect(streamAbilities(group('open', guest, 'no_member'), guest).see).toBe(false);
    expect(streamAbilities(group('open', guest, 'no_member', { externally_visible: true }), guest).see).toBe(true);
    expect(streamAbilities(group('open', guest, 'member'), guest).post).toBe(true);
    expect(streamAbilities(group('open', me, 'member', { archived: true }), me).post).toBe(false);
  });

  it('a post: its author edits it, author and moderators delete it', () => {
    const member = { see: true, post: true, moderate: false };
    expect(activityAbilities('me', member, viewer())).toEqual({ update: true, destroy: true, reply: true, like: true });
    expect(activityAbilities('other', member, viewer())).toEqual({ update: false, destroy: false, reply: true, like: true });
    expect(activityAbilities('other', { ...member, moderate: true }, viewer())).toMatchObject({ update: false, destroy: true });
    expect(activityAbilities('me', { see: false, post: false, moderate: false }, viewer())).toEqual({ update: false, destroy: false, reply: false, like: false });
  });
});

describe('unread badges', () => {
  it('hide 0, cap at 99+, show -1 as new', () => {
    expect(unreadBadge(0)).toBeNull();
    expect(unreadBadge(7)).toBe('7');
    expect(unreadBadge(99)).toBe('99');
    expect(unreadBadge(100)).toBe('99+');
    expect(unreadBadge(-1)).toBe('new');
  });
});
