import type { MemberEvent } from '@cn/contracts';
import { type DomainError } from '@cn/domain';
import { eraseMemberDecider } from './erase-member.decider';

const registered: MemberEvent = {
  type: 'MemberRegistered',
  data: {
    member_id: 'm1',
    email: { $pii: 'x', subject: 'm1' },
    first_name: { $pii: 'x', subject: 'm1' },
    last_name: { $pii: 'x', subject: 'm1' },
    password_hash: { $secret: 'h', subject: 'm1' },
    roles: { network_admin: false, auditor: false, external: false },
  },
};
const erased: MemberEvent = { type: 'MemberErased', data: { member_id: 'm1' } };
const decide = (events: MemberEvent[], erasedBy: string | null = 'admin') =>
  eraseMemberDecider.decide(
    { type: 'EraseMember', member_id: 'm1', erased_by: erasedBy },
    events.reduce(eraseMemberDecider.evolve, eraseMemberDecider.initialState()),
  );

describe('erasing a member', () => {
  it('records the erasure', () => {
    expect(decide([registered])).toEqual([erased]);
  });

  it('changes nothing the second time', () => {
    expect(decide([registered, erased])).toEqual([]);
  });

  it('refuses an administrator erasing their own account', () => {
    expect(() => decide([registered], 'm1')).toThrow(expect.objectContaining({ key: 'cannot_erase_self', kind: 'refused' }) as DomainError);
  });

  it('refuses an unknown member', () => {
    expect(() => decide([])).toThrow(expect.objectContaining({ key: 'not_found', kind: 'not_found' }) as DomainError);
  });
});
