import type { GroupDetails, GroupStreamEvent } from '@cn/contracts';
import { deciderSpecification, refusalOf } from '@cn/platform/testing';
import { groupCategoriesDecider } from './group-categories.decider';
import { groupDecider, type GroupActor, type GroupCommand } from './group.decider';

const spec = deciderSpecification(groupDecider);
const actor = (memberId: string, overrides: Partial<GroupActor> = {}): GroupActor => ({ member_id: memberId, network_admin: false, external: false, administered_category_ids: [], ...overrides });
const admin = actor('ada', { network_admin: true });
const founder = actor('max');
const stranger = actor('sam');
const guest = actor('gina', { external: true });

const details = (overrides: Partial<GroupDetails> = {}): GroupDetails => ({
  name: 'Choir',
  teaser: '',
  description: '',
  group_category_id: 'cat',
  access: 'open',
  moderated_join: false,
  members_can_invite: false,
  externally_visible: false,
  sensitive: false,
  active_main_group: false,
  chat: 'disabled',
  ...overrides,
});
const found = (overrides: Partial<GroupDetails> = {}, by: GroupActor = founder): Extract<GroupCommand, { type: 'FoundGroup' }> => ({
  type: 'FoundGroup',
  group_id: 'g1',
  slug: 'choir',
  details: details(overrides),
  may_create_in_category: true,
  actor: by,
});
/** the group's history after founding it with these settings */
const founded = (overrides: Partial<GroupDetails> = {}, by: GroupActor = founder): GroupStreamEvent[] => spec.decide([], found(overrides, by));
const decide = (given: GroupStreamEvent[], command: GroupCommand) => spec.decide(given, command);
const refused = (given: GroupStreamEvent[], command: GroupCommand) => refusalOf(() => spec.decide(given, command));
const joined = (memberId: string, isAdmin = false): GroupStreamEvent => ({ type: 'MemberJoinedGroup', data: { group_id: 'g1', member_id: memberId, admin: isAdmin } });

describe('groups: founding and the access rules of the group form', () => {
  it('founds a group with its settings, the founder its admin', () => {
    expect(founded().map((event) => event.type)).toEqual(['GroupCreated', 'GroupDetailsChanged', 'MemberJoinedGroup']);
    expect(founded()[2]).toEqual(joined('max', true));
    expect(refused([], { ...found(), may_create_in_category: false })).toMatchObject({ kind: 'forbidden' });
    expect(refused(founded(), found())).toMatchObject({ kind: 'conflict' });
  });

  it('refuses open for sensitive groups, closed for the active main group, hidden without can.create_hidden, moderated join for hidden groups', () => {
    expect(refused([], found({ access: 'open', sensitive: true }, admin))).toMatchObject({ key: 'open_not_allowed_for_sensitive', kind: 'invalid', field: 'group.access' });
    expect(refused([], found({ access: 'closed', active_main_group: true }, admin))).toMatchObject({ key: 'closed_not_allowed_for_main_group', field: 'group.access' });
    expect(refused([], found({ access: 'hidden' }))).toMatchObject({ key: 'hidden_not_allowed', field: 'group.access' });
    expect(founded({ access: 'hidden' }, admin)).toHaveLength(3);
    expect(refused([], found({ access: 'hidden', moderated_join: true }, admin))).toMatchObject({ key: 'moderated_join_not_allowed_for_hidden', field: 'group.moderated_join' });
    expect(refused([], found({ sensitive: true, access: 'closed' }))).toMatchObject({ key: 'admin_only', field: 'group.sensitive' });
    expect(founded({ sensitive: true, access: 'closed' }, admin)).toHaveLength(3);
  });

  it('locks the access of the main group and keeps a hidden group hidden for its admins', () => {
    const main = founded({ active_main_group: true, access: 'open' }, admin);
    expect(refused(main, { type: 'ChangeGroupDetails', changes: { access: 'hidden' }, actor: admin })).toMatchObject({ key: 'access_locked' });
    const hidden = [...founded({ access: 'hidden' }, admin), joined('max', true)];
    expect(decide(hidden, { type: 'ChangeGroupDetails', changes: { name: 'Secret choir' }, actor: founder })).toHaveLength(1);
    expect(refused(founded(), { type: 'ChangeGroupDetails', changes: { access: 'hidden' }, actor: founder })).toMatchObject({ key: 'hidden_not_allowed' });
  });

  it('edits by group and network admins only; nothing changes, nothing is written', () => {
    const history = founded();
    const [changed] = decide(history, { type: 'ChangeGroupDetails', changes: { name: 'Choir II', moderated_join: true }, actor: founder });
    expect(changed).toMatchObject({ type: 'GroupDetailsChanged', data: { changed_fields: ['name', 'moderated_join'], details: { name: 'Choir II', moderated_join: true } } });
    expect(decide(history, { type: 'ChangeGroupDetails', changes: { name: 'Choir' }, actor: founder })).toEqual([]);
    expect(decide(history, { type: 'ChangeGroupDetails', changes: { teaser: 'Sing' }, actor: admin })).toHaveLength(1);
    expect(refused(history, { type: 'ChangeGroupDetails', changes: { name: 'Mine' }, actor: stranger })).toMatchObject({ kind: 'forbidden' });
    expect(refused([...history, joined('sam')], { type: 'ChangeGroupDetails', changes: { name: 'Mine' }, actor: stranger })).toMatchObject({ kind: 'forbidden' });
  });
});

describe('groups: archive, unarchive, delete', () => {
  it('archives and unarchives (group admins); an archived group is not edited and nobody joins it', () => {
    const history = founded();
    const archived = [...history, ...decide(history, { type: 'ArchiveGroup', actor: founder })];
    expect(archived.at(-1)).toEqual({ type: 'GroupArchived', data: { group_id: 'g1' } });
    expect(decide(archived, { type: 'ArchiveGroup', actor: founder })).toEqual([]);
    expect(refused(archived, { type: 'ChangeGroupDetails', changes: { name: 'X' }, actor: founder })).toMatchObject({ key: 'group_archived', kind: 'refused' });
    expect(refused(archived, { type: 'RequestMembership', actor: stranger })).toMatchObject({ kind: 'forbidden' });
    expect(refused(history, { type: 'ArchiveGroup', actor: stranger })).toMatchObject({ kind: 'forbidden' });
    expect(decide(archived, { type: 'UnarchiveGroup', actor: admin })).toEqual([{ type: 'GroupUnarchived', data: { group_id: 'g1' } }]);
  });

  it('deletes (then the group is gone for every command)', () => {
    const history = founded();
    const deleted = [...history, ...decide(history, { type: 'DeleteGroup', actor: founder })];
    expect(deleted.at(-1)).toEqual({ type: 'GroupDeleted', data: { group_id: 'g1', slug: 'choir' } });
    expect(refused(deleted, { type: 'RequestMembership', actor: stranger })).toMatchObject({ kind: 'not_found' });
    expect(refused(history, { type: 'DeleteGroup', actor: stranger })).toMatchObject({ kind: 'forbidden' });
  });
});

describe('groups: membership', () => {
  it('no_member joins an open group at once, a moderated or closed one by request; twice changes nothing', () => {
    expect(decide(founded(), { type: 'RequestMembership', actor: stranger })).toEqual([joined('sam')]);
    expect(decide([...founded(), joined('sam')], { type: 'RequestMembership', actor: stranger })).toEqual([]);
    const moderated = founded({ moderated_join: true });
    const requested = decide(moderated, { type: 'RequestMembership', actor: stranger });
    expect(requested).toEqual([{ type: 'GroupJoinRequested', data: { group_id: 'g1', member_id: 'sam' } }]);
    expect(decide([...moderated, ...requested], { type: 'RequestMembership', actor: stranger })).toEqual([]);
    expect(decide(founded({ access: 'closed' }), { type: 'RequestMembership', actor: stranger })[0].type).toBe('GroupJoinRequested');
  });

  it('a hidden group does not exist for those outside it; external members see only externally visible groups', () => {
    const hidden = founded({ access: 'hidden' }, admin);
    expect(refused(hidden, { type: 'RequestMembership', actor: stranger })).toMatchObject({ kind: 'not_found' });
    expect(refused(hidden, { type: 'SetFavorite', favorited: true, actor: stranger })).toMatchObject({ kind: 'not_found' });
    expect(refused(founded(), { type: 'RequestMembership', actor: guest })).toMatchObject({ kind: 'not_found' });
    expect(decide(founded({ externally_visible: true }), { type: 'RequestMembership', actor: guest })).toEqual([joined('gina')]);
  });

  it('a group admin accepts or rejects a request with a message; a rejected member cannot ask again', () => {
    const requested: GroupStreamEvent[] = [...founded({ moderated_join: true }), { type: 'GroupJoinRequested', data: { group_id: 'g1', member_id: 'sam' } }];
    expect(decide(requested, { type: 'AcceptJoinRequest', member_id: 'sam', actor: founder })).toEqual([joined('sam')]);
    expect(refused(requested, { type: 'AcceptJoinRequest', member_id: 'sam', actor: actor('other') })).toMatchObject({ kind: 'forbidden' });
    expect(refused(founded(), { type: 'AcceptJoinRequest', member_id: 'sam', actor: founder })).toMatchObject({ key: 'no_join_request', kind: 'not_found' });
    const rejected = decide(requested, { type: 'RejectJoinRequest', member_id: 'sam', rejection_message: 'Full', actor: founder });
    expect(rejected).toEqual([{ type: 'GroupJoinRequestRejected', data: { group_id: 'g1', member_id: 'sam', rejection_message: 'Full' } }]);
    expect(refused([...requested, ...rejected], { type: 'RequestMembership', actor: stranger })).toMatchObject({ kind: 'forbidden' });
  });

  it('member leaves (to no_member); the last admin of a group with members and the main group are kept', () => {
    const history = [...founded(), joined('sam')];
    expect(decide(history, { type: 'LeaveMembership', actor: stranger })).toEqual([{ type: 'MemberLeftGroup', data: { group_id: 'g1', member_id: 'sam' } }]);
    expect(decide(founded(), { type: 'LeaveMembership', actor: stranger })).toEqual([]);
    expect(refused(history, { type: 'LeaveMembership', actor: founder })).toMatchObject({ key: 'last_admin', kind: 'conflict' });
    expect(decide(founded(), { type: 'LeaveMembership', actor: founder })).toHaveLength(1);
    expect(refused([...founded({ active_main_group: true }, admin), joined('sam')], { type: 'LeaveMembership', actor: stranger })).toMatchObject({ kind: 'forbidden' });
  });
});

describe('groups: admin rights', () => {
  const setAdmin = (by: GroupActor, memberId: string, isAdmin: boolean): GroupCommand => ({ type: 'SetGroupAdmin', member_id: memberId, admin: isAdmin, actor: by });
  const rights = (memberId: string, isAdmin: boolean): GroupStreamEvent => ({ type: 'GroupAdminRightsChanged', data: { group_id: 'g1', member_id: memberId, admin: isAdmin } });

  it('a group admin makes a member admin and takes the rights back; twice changes nothing', () => {
    const given = [...founded(), joined('sam')];
    expect(decide(given, setAdmin(founder, 'sam', true))).toEqual([rights('sam', true)]);
    expect(decide([...given, rights('sam', true)], setAdmin(founder, 'sam', true))).toEqual([]);
    expect(decide([...given, rights('sam', true)], setAdmin(founder, 'sam', false))).toEqual([rights('sam', false)]);
    expect(decide(given, setAdmin(founder, 'sam', false))).toEqual([]);
    // a network admin manages any group's admins
    expect(decide(given, setAdmin(admin, 'sam', true))).toEqual([rights('sam', true)]);
  });

  it('the last admin keeps the rights until another member is admin, then may leave', () => {
    const given = [...founded(), joined('sam')];
    expect(refused(given, setAdmin(founder, 'max', false))).toMatchObject({ key: 'last_admin', kind: 'conflict' });
    expect(refused(given, { type: 'LeaveMembership', actor: founder })).toMatchObject({ key: 'last_admin', kind: 'conflict' });
    const handedOver = [...given, rights('sam', true)];
    expect(decide(handedOver, setAdmin(founder, 'max', false))).toEqual([rights('max', false)]);
    expect(decide(handedOver, { type: 'LeaveMembership', actor: founder })).toEqual([{ type: 'MemberLeftGroup', data: { group_id: 'g1', member_id: 'max' } }]);
  });

  it('refuses members who do not moderate, those outside the group and archived groups', () => {
    const given = [...founded(), joined('sam'), joined('gina')];
    expect(refused(given, setAdmin(actor('sam'), 'gina', true))).toMatchObject({ kind: 'forbidden' });
    expect(refused(given, setAdmin(founder, 'nobody', true))).toMatchObject({ key: 'not_a_member', kind: 'not_found', field: 'member_id' });
    expect(refused([...given, { type: 'GroupArchived', data: { group_id: 'g1' } }], setAdmin(founder, 'sam', true))).toMatchObject({ kind: 'forbidden' });
  });
});

describe("groups: their category's administrators", () => {
  const cathy = actor('cathy', { administered_category_ids: ['cat'] });
  const otto = actor('otto', { administered_category_ids: ['elsewhere'] });
  const given = [...founded({ access: 'hidden' }, admin), joined('sam')];

  it('administrate every group of the category, hidden ones too, as its admins do', () => {
    expect(decide(given, { type: 'ChangeGroupDetails', changes: { teaser: 'by cathy' }, actor: cathy })).toHaveLength(1);
    expect(decide(given, { type: 'SetGroupAdmin', member_id: 'sam', admin: true, actor: cathy })).toEqual([
      { type: 'GroupAdminRightsChanged', data: { group_id: 'g1', member_id: 'sam', admin: true } },
    ]);
    expect(decide(given, { type: 'ArchiveGroup', actor: cathy })).toEqual([{ type: 'GroupArchived', data: { group_id: 'g1' } }]);
  });

  it("never the network's choices (sensitive, main group), and nothing in another category", () => {
    expect(refused(given, { type: 'ChangeGroupDetails', changes: { sensitive: true }, actor: cathy })).toMatchObject({ key: 'admin_only', field: 'group.sensitive' });
    // the hidden group does not exist for another category's administrator
    expect(refused(given, { type: 'ChangeGroupDetails', changes: { teaser: 'by otto' }, actor: otto })).toMatchObject({ kind: 'not_found' });
    expect(refused(founded(), { type: 'ChangeGroupDetails', changes: { teaser: 'by otto' }, actor: otto })).toMatchObject({ kind: 'forbidden' });
  });
});

describe('groups: invites', () => {
  const invite = (memberId: string, inviteId: string, by: GroupActor = founder): GroupCommand => ({
    type: 'InviteMembers',
    invites: [{ invite_id: inviteId, member_id: memberId }],
    additional_message: 'Come sing',
    now: '2026-01-01T00:00:00.000Z',
    actor: by,
  });

  it('invites (admins, or members when members may invite); members and those invited are left out', () => {
    const history = founded();
    const sent = decide(history, invite('sam', 'i1'));
    expect(sent).toEqual([
      { type: 'MemberInvitedToGroup', data: { group_id: 'g1', invite_id: 'i1', member_id: 'sam', author_id: 'max', additional_message: 'Come sing', invited_at: '2026-01-01T00:00:00.000Z' } },
    ]);
    expect(decide([...history, ...sent], invite('sam', 'i2'))).toEqual([]);
    expect(decide(history, invite('max', 'i3'))).toEqual([]);
    expect(refused([...history, joined('sam')], invite('other', 'i4', stranger))).toMatchObject({ kind: 'forbidden' });
    expect(decide([...founded({ members_can_invite: true }), joined('sam')], invite('other', 'i4', stranger))).toHaveLength(1);
  });

  it('invited → accept → member; decline; a hidden group is seen by those invited to it', () => {
    const hidden = [...founded({ access: 'hidden' }, admin), ...decide(founded({ access: 'hidden' }, admin), invite('sam', 'i1', admin))];
    expect(decide(hidden, { type: 'AnswerInvite', invite_id: 'i1', accept: true, actor: stranger })).toEqual([
      { type: 'GroupInviteAccepted', data: { group_id: 'g1', invite_id: 'i1', member_id: 'sam' } },
      joined('sam'),
    ]);
    expect(decide(hidden, { type: 'AnswerInvite', invite_id: 'i1', accept: false, actor: stranger })).toEqual([
      { type: 'GroupInviteDeclined', data: { group_id: 'g1', invite_id: 'i1', member_id: 'sam' } },
    ]);
    expect(refused(hidden, { type: 'AnswerInvite', invite_id: 'i1', accept: true, actor: actor('other') })).toMatchObject({ kind: 'not_found' });
    // joining an invited group accepts the invite
    expect(decide(hidden, { type: 'RequestMembership', actor: stranger }).map((event) => event.type)).toEqual(['GroupInviteAccepted', 'MemberJoinedGroup']);
  });

  it('revokes only open invites, renews unless accepted, obsolete or joined', () => {
    const history = founded();
    const sent = [...history, ...decide(history, invite('sam', 'i1')), ...decide(history, invite('tom', 'i2'))];
    const declined: GroupStreamEvent = { type: 'GroupInviteDeclined', data: { group_id: 'g1', invite_id: 'i2', member_id: 'tom' } };
    expect(decide(sent, { type: 'RevokeInvites', invite_ids: ['i1', 'i2'], actor: founder }).map((event) => event.type)).toEqual(['GroupInviteRevoked', 'GroupInviteRevoked']);
    expect(refused([...sent, declined], { type: 'RevokeInvites', invite_ids: ['i1', 'i2'], actor: founder })).toMatchObject({ key: 'not_revokable' });
    expect(decide([...sent, declined], { type: 'RenewInvites', invite_ids: ['i1', 'i2'], additional_message: '', now: 'now', actor: founder })).toHaveLength(2);
    const revoked: GroupStreamEvent = { type: 'GroupInviteRevoked', data: { group_id: 'g1', invite_id: 'i1', member_id: 'sam' } };
    expect(refused([...sent, revoked], { type: 'RenewInvites', invite_ids: ['i1'], additional_message: '', now: 'now', actor: founder })).toMatchObject({ key: 'not_renewable' });
    expect(refused([...sent, joined('tom')], { type: 'RenewInvites', invite_ids: ['i2'], additional_message: '', now: 'now', actor: founder })).toMatchObject({ key: 'not_renewable' });
    expect(refused(sent, { type: 'RevokeInvites', invite_ids: ['i1'], actor: stranger })).toMatchObject({ kind: 'forbidden' });
  });
});

describe('groups: favourites and subscriptions', () => {
  it('toggle for members, idempotently', () => {
    const history = [...founded(), joined('sam')];
    const on = decide(history, { type: 'SetSubscription', subscribed: true, actor: stranger });
    expect(on).toEqual([{ type: 'GroupSubscribed', data: { group_id: 'g1', member_id: 'sam' } }]);
    expect(decide([...history, ...on], { type: 'SetSubscription', subscribed: true, actor: stranger })).toEqual([]);
    expect(decide([...history, ...on], { type: 'SetSubscription', subscribed: false, actor: stranger })[0].type).toBe('GroupUnsubscribed');
    const fav = decide(history, { type: 'SetFavorite', favorited: true, actor: stranger });
    expect(fav[0].type).toBe('GroupFavorited');
    expect(decide([...history, ...fav], { type: 'SetFavorite', favorited: true, actor: stranger })).toEqual([]);
    expect(refused(founded(), { type: 'SetFavorite', favorited: true, actor: stranger })).toMatchObject({ kind: 'forbidden' });
  });
});

describe('group categories', () => {
  const categories = deciderSpecification(groupCategoriesDecider);
  const create = (slug: string) => ({
    type: 'CreateGroupCategory' as const,
    network_id: 'default',
    category: { id: slug, slug, name: slug, plural_name: slug, color: '1976d2', members_can_create: false },
    network_admin: true,
  });

  it('are created and ordered by network admins; unknown slugs are refused', () => {
    const a = categories.decide([], create('a'));
    const b = categories.decide(a, create('b'));
    expect(refusalOf(() => categories.decide(a, create('a')))).toMatchObject({ key: 'slug_taken' });
    expect(refusalOf(() => categories.decide([], { ...create('a'), network_admin: false }))).toMatchObject({ kind: 'forbidden' });
    expect(categories.decide([...a, ...b], { type: 'OrderGroupCategories', network_id: 'default', order: ['b', 'a'], network_admin: true })).toEqual([
      { type: 'GroupCategoriesOrdered', data: { network_id: 'default', order: ['b', 'a'] } },
    ]);
    expect(refusalOf(() => categories.decide(a, { type: 'OrderGroupCategories', network_id: 'default', order: ['x'], network_admin: true }))).toMatchObject({
      key: 'unknown_group_category',
      field: 'order.0',
    });
  });

  it('network admins name active members administrators of a category and take it back; setting what holds appends nothing', () => {
    const a = categories.decide([], create('a'));
    const set = (administrator: boolean, extra: Partial<{ member_active: boolean; network_admin: boolean; category_id: string }> = {}) => ({
      type: 'SetGroupCategoryAdministrator' as const,
      category_id: 'a',
      member_id: 'm1',
      administrator,
      member_active: true,
      network_admin: true,
      ...extra,
    });
    const added = categories.decide(a, set(true));
    expect(added).toEqual([{ type: 'GroupCategoryAdministratorAdded', data: { category_id: 'a', slug: 'a', member_id: 'm1' } }]);
    expect(categories.decide([...a, ...added], set(true))).toEqual([]);
    expect(categories.decide([...a, ...added], set(false))).toEqual([{ type: 'GroupCategoryAdministratorRemoved', data: { category_id: 'a', slug: 'a', member_id: 'm1' } }]);
    expect(categories.decide(a, set(false))).toEqual([]);
    expect(refusalOf(() => categories.decide(a, set(true, { member_active: false })))).toMatchObject({ key: 'not_found', field: 'member_id' });
    expect(refusalOf(() => categories.decide(a, set(true, { network_admin: false })))).toMatchObject({ kind: 'forbidden' });
    expect(refusalOf(() => categories.decide(a, set(true, { category_id: 'zz' })))).toMatchObject({ kind: 'not_found' });
  });
});

describe('groups: the profile image', () => {
  const image = { blob_key: 'c'.repeat(64), content_type: 'image/webp' as const, size: 12 };
  const setImage = (by: GroupActor, next: typeof image | null = image): GroupCommand => ({ type: 'SetGroupProfileImage', image: next, actor: by });

  it('group admins and network admins set it (can.update); members and outsiders may not; a hidden group is 404 to outsiders', () => {
    const history = [...founded(), joined('sam')];
    expect(decide(history, setImage(founder))).toEqual([{ type: 'GroupProfileImageChanged', data: { group_id: 'g1', ...image } }]);
    expect(decide(history, setImage(admin))).toHaveLength(1);
    expect(refused(history, setImage(stranger))).toMatchObject({ kind: 'forbidden' });
    // an external member does not see a group that is not externally visible
    expect(refused(history, setImage(guest))).toMatchObject({ kind: 'not_found' });
    expect(refused(founded({ access: 'hidden' }, admin), setImage(stranger))).toMatchObject({ kind: 'not_found' });
  });

  it('an archived group keeps its image; removing an image that is not there changes nothing', () => {
    const archived = [...founded(), ...decide(founded(), { type: 'ArchiveGroup', actor: founder })];
    expect(refused(archived, setImage(founder))).toMatchObject({ kind: 'forbidden' });
    expect(decide(founded(), setImage(founder, null))).toEqual([]);
    const withImage = [...founded(), ...decide(founded(), setImage(founder))];
    expect(decide(withImage, setImage(founder, null))).toEqual([{ type: 'GroupProfileImageRemoved', data: { group_id: 'g1' } }]);
  });
});

describe('group snapshots', () => {
  it('a snapshot (the state as JSON) folds on to the same state as the whole stream', () => {
    const fold = (events: GroupStreamEvent[], from = groupDecider.initialState()) => events.reduce(groupDecider.evolve, from);
    const history: GroupStreamEvent[] = [
      ...founded(),
      ...Array.from({ length: 300 }, (_unused, i) => joined(`m${i}`, i % 50 === 0)),
      { type: 'GroupJoinRequested', data: { group_id: 'g1', member_id: 'rita' } },
      { type: 'MemberInvitedToGroup', data: { group_id: 'g1', invite_id: 'i1', member_id: 'ines', author_id: 'max', additional_message: '', invited_at: '2026-01-01T00:00:00Z' } },
    ];
    const later: GroupStreamEvent[] = [joined('rita'), joined('ines'), { type: 'MemberLeftGroup', data: { group_id: 'g1', member_id: 'm7' } }];
    const snapshot = JSON.parse(JSON.stringify(fold(history))) as ReturnType<typeof fold>;
    expect(groupDecider.snapshot).toMatchObject({ name: 'group' });
    expect(fold(later, snapshot)).toEqual(fold([...history, ...later]));
  });
});
