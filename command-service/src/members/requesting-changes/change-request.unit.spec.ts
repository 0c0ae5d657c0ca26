import type { ChangeRequestEvent, MemberRoles } from '@cn/contracts';
import { deciderSpecification } from '@cn/platform/testing';
import { changeRequestDecider, type ChangeRequestCommand } from './change-request.decider';

const roles = (overrides: Partial<MemberRoles> = {}): MemberRoles => ({ network_admin: false, auditor: false, external: false, ...overrides });
const member = { id: 'm1', roles: roles() };
const admin = { id: 'a1', roles: roles({ network_admin: true }) };
const enabled = { enabled: true, profile_fields: ['first_name', 'last_name'] as const };
const envelope = (value: string) => ({ $pii: value, subject: 'm1' });

const submit = (overrides: Partial<Extract<ChangeRequestCommand, { type: 'SubmitChangeRequest' }>> = {}): ChangeRequestCommand => ({
  type: 'SubmitChangeRequest',
  change_request_id: 'c1',
  actor: member,
  fields: ['last_name'],
  encrypted: { last_name: envelope('new') },
  change_requests: { ...enabled, profile_fields: [...enabled.profile_fields] },
  now: '2026-11-23T10:00:00.000Z',
  ...overrides,
});
const answer = (accept: boolean, actor = admin): ChangeRequestCommand => ({ type: 'AnswerChangeRequest', change_request_id: 'c1', actor, accept });
const submitted: ChangeRequestEvent = {
  type: 'ChangeRequestSubmitted',
  data: { change_request_id: 'c1', member_id: 'm1', fields: ['last_name'], last_name: envelope('new'), submitted_at: '2026-11-23T10:00:00.000Z' },
};
const accepted: ChangeRequestEvent = { type: 'ChangeRequestAccepted', data: { change_request_id: 'c1', member_id: 'm1' } };
const rejected: ChangeRequestEvent = { type: 'ChangeRequestRejected', data: { change_request_id: 'c1', member_id: 'm1' } };

const spec = deciderSpecification(changeRequestDecider);

describe('change requests', () => {
  it('a member asks for a change of the fields the network covers', () => {
    spec.given([]).when(submit()).then([submitted]);
  });

  it('refuses when the network has no change requests, and to administrators (who edit themselves)', () => {
    spec.given([]).when(submit({ change_requests: undefined })).thenRefused('forbidden');
    spec.given([]).when(submit({ change_requests: { enabled: false, profile_fields: ['last_name'] } })).thenRefused('forbidden');
    spec.given([]).when(submit({ actor: admin })).thenRefused('forbidden');
  });

  it('submits only fields listed in profile_fields, and at least one', () => {
    spec.given([]).when(submit({ fields: ['birthday'], encrypted: { birthday: envelope('1990-01-01') } })).thenRefused('field_not_requestable', 'birthday');
    spec.given([]).when(submit({ fields: [], encrypted: {} })).thenRefused('selection_required');
  });

  it('administrators accept or reject an open request; the same answer twice changes nothing, the other is too late', () => {
    spec.given([submitted]).when(answer(true)).then([accepted]);
    spec.given([submitted]).when(answer(false)).then([rejected]);
    spec.given([submitted, accepted]).when(answer(true)).then([]);
    spec.given([submitted, accepted]).when(answer(false)).thenRefused('change_request_closed');
    spec.given([submitted, rejected]).when(answer(true)).thenRefused('change_request_closed');
  });

  it('refuses answers by members and unknown requests', () => {
    spec.given([submitted]).when(answer(true, member)).thenRefused('forbidden');
    spec.given([]).when(answer(true)).thenRefused('not_found');
  });
});
