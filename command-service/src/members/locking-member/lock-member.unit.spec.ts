import type { MemberEvent } from '@cn/contracts';
import { deciderSpecification } from '@cn/platform/testing';
import { lockMemberDecider, type LockCommand } from './lock-member.decider';

const registered: MemberEvent = {
  type: 'MemberRegistered',
  data: {
    member_id: 'm1',
    email: { $pii: 'e', subject: 'm1' },
    first_name: { $pii: 'f', subject: 'm1' },
    last_name: { $pii: 'l', subject: 'm1' },
    password_hash: { $secret: 'h', subject: 'm1' },
    roles: { network_admin: false, auditor: false, external: false },
  },
};
const lock = (locked: boolean, by = 'admin'): LockCommand => ({ type: 'SetMemberLocked', member_id: 'm1', locked, locked_by: by });
const spec = deciderSpecification(lockMemberDecider);

describe('locking a member', () => {
  it('locks and unlocks, and the same answer twice appends nothing', () => {
    spec.given([registered]).when(lock(true)).then([{ type: 'MemberLocked', data: { member_id: 'm1' } }]);
    spec.given([registered, { type: 'MemberLocked', data: { member_id: 'm1' } }]).when(lock(true)).then([]);
    spec.given([registered, { type: 'MemberLocked', data: { member_id: 'm1' } }]).when(lock(false)).then([{ type: 'MemberUnlocked', data: { member_id: 'm1' } }]);
    spec.given([registered]).when(lock(false)).then([]);
  });

  it('never locks the administrator themself, an unknown or an erased member', () => {
    spec.given([registered]).when(lock(true, 'm1')).thenRefused('cannot_lock_self', 'locked');
    spec.given([]).when(lock(true)).thenRefused('not_found');
    spec.given([registered, { type: 'MemberErased', data: { member_id: 'm1' } }]).when(lock(true)).thenRefused('member_erased');
  });
});
