import { project, projectEachTwice, recorded } from '../__tests__/events';
import { changeRequestsProjection } from './change-requests.projection';
import { ignoredMembersProjection } from './ignored-members.projection';
import { toMemberDto } from './member-dto';
import { membersProjection } from './members.projection';

const roles = { network_admin: false, auditor: false, external: false };
const registered = recorded('MemberRegistered', { member_id: 'm1', email: 'ada@example.org', first_name: 'Ada', last_name: 'Lovelace', password_hash: { $secret: 'x', subject: 'm1' }, roles });
const profile = recorded('MemberProfileChanged', { member_id: 'm1', first_name: 'Augusta', last_name: 'King', birthday: '1815-12-10', show_age: true, changed_fields: ['first_name', 'last_name', 'birthday', 'show_age'] });

describe('member profile read models', () => {
  it('the member follows a profile edit (twice changes nothing); the age shows only when chosen, the birthday only to the member and admins', () => {
    const doc = project(membersProjection, [registered, profile], 'm1');
    expect(doc).toMatchObject({ first_name: 'Augusta', last_name: 'King', birthday: '1815-12-10', show_age: true });
    expect(projectEachTwice(membersProjection, [registered, profile], 'm1')).toEqual(doc);
    if (!doc) throw new Error('no member');
    const seen = toMemberDto(doc, { viewerId: 'm2', showOnlineStatus: 'enabled', connected: false, today: '2015-12-10', viewer: { id: 'm2', roles } });
    expect(seen).toMatchObject({ displayName: 'Augusta King', age: 200, can: { update_profile: false, ignore: true } });
    expect(seen.birthday).toBeUndefined();
    const own = toMemberDto(doc, { viewerId: 'm1', showOnlineStatus: 'enabled', connected: false, today: '2015-12-09', viewer: { id: 'm1', roles } });
    expect(own).toMatchObject({ birthday: '1815-12-10', age: 199, can: { update_profile: true, ignore: false } });
  });

  it('onboarding is pending from the request to the completion', () => {
    const requested = recorded('MemberOnboardingRequested', { member_id: 'm1' });
    expect(project(membersProjection, [registered, requested], 'm1')?.onboarding_pending).toBe(true);
    expect(project(membersProjection, [registered, requested, recorded('MemberOnboardingCompleted', { member_id: 'm1' })], 'm1')?.onboarding_pending).toBe(false);
  });

  it('keeps whom a member ignores, in order; replays change nothing; erasing the member drops the list', () => {
    const ignore = (id: string) => recorded('MemberIgnored', { member_id: 'm1', ignored_member_id: id });
    const events = [ignore('m2'), ignore('m3'), recorded('MemberUnignored', { member_id: 'm1', ignored_member_id: 'm2' }), ignore('m4')];
    expect(project(ignoredMembersProjection, events, 'm1')).toMatchObject({ ignored_ids: ['m3', 'm4'] });
    expect(projectEachTwice(ignoredMembersProjection, events, 'm1')).toMatchObject({ ignored_ids: ['m3', 'm4'] });
    expect(project(ignoredMembersProjection, [...events, recorded('MemberErased', { member_id: 'm1' })], 'm1')).toBeNull();
  });

  it('a change request is open until answered', () => {
    const submitted = recorded('ChangeRequestSubmitted', { change_request_id: 'c1', member_id: 'm1', fields: ['last_name'], last_name: 'King', submitted_at: '2026-11-23T10:00:00.000Z' });
    expect(project(changeRequestsProjection, [submitted], 'c1')).toMatchObject({ member_id: 'm1', changes: { last_name: 'King' }, status: 'open' });
    expect(project(changeRequestsProjection, [submitted, recorded('ChangeRequestAccepted', { change_request_id: 'c1', member_id: 'm1' })], 'c1')).toMatchObject({ status: 'accepted' });
  });

  it('an older image takes the sizes made for it afterwards under a new version; another upload or a sized one does not', () => {
    const size = (key: string) => ({ blob_key: key, content_type: 'image/webp', size: 1 });
    const sizes = { small: size('s'), large: size('l') };
    const old = recorded('MemberProfileImageChanged', { member_id: 'm1', blob_key: 'up', content_type: 'image/jpeg', size: 9 });
    const resized = recorded('MemberProfileImageResized', { member_id: 'm1', blob_key: 'up', sizes });
    const doc = project(membersProjection, [registered, old, resized], 'm1');
    expect(doc?.image).toEqual({ blob_key: 'up', content_type: 'image/jpeg', version: resized.position, sizes: { small: { blob_key: 's', content_type: 'image/webp' }, large: { blob_key: 'l', content_type: 'image/webp' } } });
    expect(projectEachTwice(membersProjection, [registered, old, resized], 'm1')).toEqual(doc);
    const replaced = recorded('MemberProfileImageChanged', { member_id: 'm1', blob_key: 'new', content_type: 'image/png', size: 5 });
    expect(project(membersProjection, [registered, old, replaced, resized], 'm1')?.image).toEqual({ blob_key: 'new', content_type: 'image/png', version: replaced.position });
  });
});
