import { DELETED_MEMBER_NAME } from '@cn/contracts';
import { project, projectEachTwice, recorded } from '../__tests__/events';
import { toMemberDto } from './member-dto';
import { membersProjection } from './members.projection';

const roles = { network_admin: false, auditor: false, external: false };
const registered = recorded('MemberRegistered', {
  member_id: 'm1',
  email: 'ada@example.org',
  first_name: 'Ada',
  last_name: 'Lovelace',
  password_hash: { $secret: 'x', subject: 'm1' },
  roles,
});

describe('members projection', () => {
  it('builds the member from registration, presence and roles', () => {
    const events = [
      registered,
      recorded('MemberPresenceChanged', { member_id: 'm1', type: 'busy', text: 'in a meeting' }),
      recorded('MemberRolesChanged', { member_id: 'm1', roles: { ...roles, auditor: true } }),
    ];
    const doc = project(membersProjection, events, 'm1');
    expect(doc).toMatchObject({
      _id: 'm1',
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.org',
      presence: { type: 'busy', text: 'in a meeting' },
      roles: { auditor: true },
      deleted: false,
    });
  });

  it('changes nothing when the same event is applied twice', () => {
    const presence = recorded('MemberPresenceChanged', { member_id: 'm1', type: 'online', text: '' });
    const once = project(membersProjection, [registered, presence], 'm1');
    expect(project(membersProjection, [registered, presence, presence, registered], 'm1')).toEqual(once);
    // and evolve itself, given each event twice in a row
    expect(projectEachTwice(membersProjection, [registered, presence], 'm1')).toEqual(once);
  });

  it('keeps the group categories the member administrates (added twice counts once), and knows no unknown member by them', () => {
    const added = (category: string) => recorded('GroupCategoryAdministratorAdded', { category_id: category, slug: category, member_id: 'm1' });
    const removed = (category: string) => recorded('GroupCategoryAdministratorRemoved', { category_id: category, slug: category, member_id: 'm1' });
    expect(project(membersProjection, [registered, added('a'), added('b'), added('a')], 'm1')?.administered_category_ids).toEqual(['a', 'b']);
    expect(project(membersProjection, [registered, added('a'), added('b'), removed('a')], 'm1')?.administered_category_ids).toEqual(['b']);
    expect(project(membersProjection, [added('a')], 'm1')).toBeNull();
  });

  it('blanks an erased member and keeps it erased', () => {
    const erased = recorded('MemberErased', { member_id: 'm1' });
    const later = recorded('MemberPresenceChanged', { member_id: 'm1', type: 'online', text: 'back' });
    const doc = project(membersProjection, [registered, erased, later], 'm1');
    expect(doc).toMatchObject({ deleted: true, first_name: '', last_name: '', email: '', presence: null });
    const dto = doc && toMemberDto(doc, { viewerId: 'm2', showOnlineStatus: 'enabled', connected: true });
    expect(dto).toMatchObject({ deleted: true, name: DELETED_MEMBER_NAME, displayName: DELETED_MEMBER_NAME });
    expect(dto?.status).toBeUndefined();
  });
});

describe('member DTO', () => {
  const doc = project(membersProjection, [registered, recorded('MemberPresenceChanged', { member_id: 'm1', type: 'invisible', text: 'away' })], 'm1');
  if (!doc) throw new Error('member expected');

  it('names the member First Last with empty images and a path', () => {
    expect(toMemberDto(doc, { viewerId: 'm2', showOnlineStatus: 'optional', connected: true })).toMatchObject({
      displayName: 'Ada Lovelace',
      name: 'Ada Lovelace',
      images: { small: null, large: null },
      path: '/members/m1',
      deleted: false,
    });
  });

  it('shows an invisible member without status to others, with it to themself', () => {
    expect(toMemberDto(doc, { viewerId: 'm2', showOnlineStatus: 'optional', connected: true }).status).toBeUndefined();
    expect(toMemberDto(doc, { viewerId: 'm1', showOnlineStatus: 'optional', connected: true }).status).toEqual({ type: 'invisible', text: 'away' });
  });

  it('shows no status when the network disables it, and the email only to the member or admins', () => {
    expect(toMemberDto(doc, { viewerId: 'm1', showOnlineStatus: 'disabled', connected: true }).status).toBeUndefined();
    expect(toMemberDto(doc, { viewerId: 'm2', showOnlineStatus: 'optional', connected: true }).email).toBeUndefined();
    expect(toMemberDto(doc, { viewerId: 'm2', showOnlineStatus: 'optional', includeEmail: true, connected: true }).email).toBe('ada@example.org');
  });
});
