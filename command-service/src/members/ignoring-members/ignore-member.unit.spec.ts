import type { MemberRoles } from '@cn/contracts';
import { deciderSpecification } from '@cn/platform/testing';
import type { MemberStreamEvent } from '../profile-state';
import { ignoreMemberDecider, type IgnoreMember } from './ignore-member.decider';

const roles: MemberRoles = { network_admin: false, auditor: false, external: false };
const envelope = (value: string) => ({ $pii: value, subject: 'm1' });
const registered: MemberStreamEvent = {
  type: 'MemberRegistered',
  data: { member_id: 'm1', email: envelope('e'), first_name: envelope('f'), last_name: envelope('l'), password_hash: { $secret: 'h', subject: 'm1' }, roles },
};
const ignored: MemberStreamEvent = { type: 'MemberIgnored', data: { member_id: 'm1', ignored_member_id: 'm2' } };
const unignored: MemberStreamEvent = { type: 'MemberUnignored', data: { member_id: 'm1', ignored_member_id: 'm2' } };

const command = (overrides: Partial<IgnoreMember> = {}): IgnoreMember => ({
  type: 'IgnoreMember',
  actor: { id: 'm1', roles },
  ignored_member_id: 'm2',
  ignore: true,
  ignored_member_active: true,
  ...overrides,
});

const spec = deciderSpecification(ignoreMemberDecider);

describe('ignoring members', () => {
  it('ignores a member once; asking again changes nothing', () => {
    spec.given([registered]).when(command()).then([ignored]);
    spec.given([registered, ignored]).when(command()).then([]);
  });

  it('stops ignoring; asking again changes nothing', () => {
    spec.given([registered, ignored]).when(command({ ignore: false })).then([unignored]);
    spec.given([registered, ignored, unignored]).when(command({ ignore: false })).then([]);
    spec.given([registered]).when(command({ ignore: false })).then([]);
  });

  it('refuses to ignore oneself', () => {
    spec.given([registered]).when(command({ ignored_member_id: 'm1' })).thenRefused('cannot_ignore_self', 'ignored_member_id');
  });

  it('refuses an unknown or erased member as not found', () => {
    spec.given([registered]).when(command({ ignored_member_active: false })).thenRefused('not_found');
    spec.given([]).when(command()).thenRefused('not_found');
  });

  it('an erased member ignores nobody any more', () => {
    expect(spec.state([registered, ignored, { type: 'MemberErased', data: { member_id: 'm1' } }]).ignored).toEqual([]);
  });
});
