import type { MemberRoles } from '@cn/contracts';
import { deciderSpecification } from '@cn/platform/testing';
import { followMemberDecider, type FollowMember, type FollowStreamEvent } from './follow-member.decider';

const roles: MemberRoles = { network_admin: false, auditor: false, external: false };
const envelope = (value: string) => ({ $pii: value, subject: 'm1' });
const registered: FollowStreamEvent = {
  type: 'MemberRegistered',
  data: { member_id: 'm1', email: envelope('e'), first_name: envelope('f'), last_name: envelope('l'), password_hash: { $secret: 'h', subject: 'm1' }, roles },
};
const followed: FollowStreamEvent = { type: 'MemberFollowed', data: { member_id: 'm1', followed_member_id: 'm2' } };
const unfollowed: FollowStreamEvent = { type: 'MemberUnfollowed', data: { member_id: 'm1', followed_member_id: 'm2' } };

const command = (overrides: Partial<FollowMember> = {}): FollowMember => ({
  type: 'FollowMember',
  follower_id: 'm1',
  followed_member_id: 'm2',
  follow: true,
  followed_member_active: true,
  ...overrides,
});

const spec = deciderSpecification(followMemberDecider);

describe('following members', () => {
  it('follows a member once; asking again changes nothing', () => {
    spec.given([registered]).when(command()).then([followed]);
    spec.given([registered, followed]).when(command()).then([]);
  });

  it('stops following; asking again changes nothing', () => {
    spec.given([registered, followed]).when(command({ follow: false })).then([unfollowed]);
    spec.given([registered, followed, unfollowed]).when(command({ follow: false })).then([]);
    spec.given([registered]).when(command({ follow: false })).then([]);
  });

  it('refuses to follow oneself, and an unknown or erased member', () => {
    spec.given([registered]).when(command({ followed_member_id: 'm1' })).thenRefused('cannot_follow_self', 'followed_member_id');
    spec.given([registered]).when(command({ followed_member_active: false })).thenRefused('not_found');
  });

  it('stops following an erased member (the list never keeps them)', () => {
    spec.given([registered, followed]).when(command({ follow: false, followed_member_active: false })).then([unfollowed]);
  });

  it('an erased or unknown follower follows nobody', () => {
    spec.given([]).when(command()).thenRefused('not_found');
    spec.given([registered, followed, { type: 'MemberErased', data: { member_id: 'm1' } }]).when(command()).thenRefused('not_found');
  });
});
