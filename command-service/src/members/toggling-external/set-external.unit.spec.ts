import type { MemberEvent } from '@cn/contracts';
import { deciderSpecification } from '@cn/platform/testing';
import { setExternalDecider } from './set-external.decider';

const roles = { network_admin: false, auditor: false, external: false };
const registered: MemberEvent = {
  type: 'MemberRegistered',
  data: { member_id: 'm1', email: { $pii: 'e', subject: 'm1' }, first_name: { $pii: 'f', subject: 'm1' }, last_name: { $pii: 'l', subject: 'm1' }, password_hash: { $secret: 'h', subject: 'm1' }, roles },
};
const spec = deciderSpecification(setExternalDecider);

describe('making a member external', () => {
  it('changes only the external role, once', () => {
    spec.given([registered]).when({ type: 'SetExternal', member_id: 'm1', external: true, allowed: true }).then([
      { type: 'MemberRolesChanged', data: { member_id: 'm1', roles: { ...roles, external: true } } },
    ]);
    spec.given([registered]).when({ type: 'SetExternal', member_id: 'm1', external: false, allowed: true }).then([]);
  });

  it('refuses what the menu does not offer, and unknown or erased members', () => {
    spec.given([registered]).when({ type: 'SetExternal', member_id: 'm1', external: true, allowed: false }).thenRefused('forbidden');
    spec.given([]).when({ type: 'SetExternal', member_id: 'm1', external: true, allowed: true }).thenRefused('not_found');
  });
});
