import type { MemberRoles } from '@cn/contracts';
import { deciderSpecification, refusalOf } from '@cn/platform/testing';
import type { MemberStreamEvent } from '../profile-state';
import { updateProfileDecider, type UpdateMemberProfile } from './update-profile.decider';

const roles = (overrides: Partial<MemberRoles> = {}): MemberRoles => ({ network_admin: false, auditor: false, external: false, ...overrides });
const envelope = (value: string) => ({ $pii: value, subject: 'm1' });
const registered: MemberStreamEvent = {
  type: 'MemberRegistered',
  data: {
    member_id: 'm1',
    email: envelope('email'),
    first_name: envelope('first'),
    last_name: envelope('last'),
    password_hash: { $secret: 'h', subject: 'm1' },
    roles: roles(),
  },
};
const erased: MemberStreamEvent = { type: 'MemberErased', data: { member_id: 'm1' } };

const command = (overrides: Partial<UpdateMemberProfile> = {}): UpdateMemberProfile => ({
  type: 'UpdateMemberProfile',
  member_id: 'm1',
  actor: { id: 'm1', roles: roles() },
  current: { first_name: 'Anna', last_name: 'Berg', birthday: null, show_age: false },
  changes: { first_name: 'Anne' },
  encrypted: { first_name: envelope('new-first') },
  ...overrides,
});

const spec = deciderSpecification(updateProfileDecider);

describe('updating a member profile', () => {
  it('records the whole profile with the changed name encrypted and the other names kept as they were', () => {
    spec.given([registered]).when(command()).then([
      {
        type: 'MemberProfileChanged',
        data: { member_id: 'm1', first_name: envelope('new-first'), last_name: envelope('last'), birthday: null, show_age: false, changed_fields: ['first_name'] },
      },
    ]);
  });

  it('records the birthday and the show-my-age choice', () => {
    const [event] = spec.decide([registered], command({ changes: { birthday: '1990-05-17', show_age: true }, encrypted: { birthday: envelope('bday') } }));
    expect(event).toMatchObject({ type: 'MemberProfileChanged', data: { birthday: envelope('bday'), show_age: true, changed_fields: ['birthday', 'show_age'] } });
  });

  it('removes the birthday when null is sent', () => {
    const current = { first_name: 'Anna', last_name: 'Berg', birthday: '1990-05-17', show_age: true };
    const [event] = spec.decide([registered], command({ current, changes: { birthday: null }, encrypted: { birthday: null } }));
    expect(event).toMatchObject({ data: { birthday: null, changed_fields: ['birthday'] } });
  });

  it('records nothing when nothing changes', () => {
    spec.given([registered]).when(command({ changes: { first_name: 'Anna', show_age: false } })).then([]);
  });

  it("lets a network administrator edit another member's profile", () => {
    expect(spec.decide([registered], command({ actor: { id: 'admin', roles: roles({ network_admin: true }) } }))).toHaveLength(1);
  });

  it("refuses another member's profile to a member, an external member and an auditor", () => {
    for (const actorRoles of [roles(), roles({ external: true }), roles({ auditor: true })]) {
      spec.given([registered]).when(command({ actor: { id: 'm2', roles: actorRoles } })).thenRefused('forbidden');
    }
  });

  it("where the network has change requests, a member asks for those fields instead of editing them; administrators edit them", () => {
    const changeRequests = { enabled: true, profile_fields: ['last_name' as const] };
    spec.given([registered]).when(command({ changes: { last_name: 'Other' }, encrypted: { last_name: envelope('x') }, change_requests: changeRequests })).thenRefused('field_locked', 'last_name');
    expect(spec.decide([registered], command({ change_requests: changeRequests }))).toHaveLength(1);
    const byAdmin = command({ actor: { id: 'admin', roles: roles({ network_admin: true }) }, changes: { last_name: 'Other' }, encrypted: { last_name: envelope('x') }, change_requests: changeRequests });
    expect(spec.decide([registered], byAdmin)).toHaveLength(1);
  });

  it('refuses an unknown or erased member as not found', () => {
    spec.given([]).when(command()).thenRefused('not_found');
    expect(refusalOf(() => spec.decide([registered, erased], command({ actor: { id: 'admin', roles: roles({ network_admin: true }) } })))).toMatchObject({ key: 'not_found', kind: 'not_found' });
  });
});
