import type { MemberRoles } from '@cn/contracts';
import { deciderSpecification } from '@cn/platform/testing';
import type { ChangeRequestState } from './change-request.decider';
import { answerChangeRequestDecider, type AnswerChangeRequest, type AnswerChangeRequestEvent } from './answer-change-request.decider';

const roles = (overrides: Partial<MemberRoles> = {}): MemberRoles => ({ network_admin: false, auditor: false, external: false, ...overrides });
const admin = { id: 'a1', roles: roles({ network_admin: true }) };
const envelope = (value: string) => ({ $pii: value, subject: 'm1' });
const open: ChangeRequestState = { status: 'open', member_id: 'm1', fields: ['last_name'], values: { last_name: envelope('New') } };

const answer = (accept: boolean, request: ChangeRequestState = open): AnswerChangeRequest => ({
  type: 'AnswerChangeRequest',
  change_request_id: 'c1',
  actor: admin,
  accept,
  request,
  update: accept
    ? {
        type: 'UpdateMemberProfile',
        member_id: 'm1',
        actor: admin,
        current: { first_name: 'Mia', last_name: 'Old', birthday: null, show_age: false },
        changes: { last_name: 'New' },
        encrypted: { last_name: envelope('New') },
      }
    : null,
});
const registered: AnswerChangeRequestEvent = {
  type: 'MemberRegistered',
  data: { member_id: 'm1', email: 'm1@example.org', first_name: 'Mia', last_name: 'Old' },
} as AnswerChangeRequestEvent;
const changed: AnswerChangeRequestEvent = {
  type: 'MemberProfileChanged',
  data: { member_id: 'm1', first_name: 'Mia', last_name: envelope('New'), birthday: null, show_age: false, changed_fields: ['last_name'] },
};
const accepted: AnswerChangeRequestEvent = { type: 'ChangeRequestAccepted', data: { change_request_id: 'c1', member_id: 'm1' } };
const rejected: AnswerChangeRequestEvent = { type: 'ChangeRequestRejected', data: { change_request_id: 'c1', member_id: 'm1' } };

const spec = deciderSpecification(answerChangeRequestDecider);

describe('answering a change request on the member stream', () => {
  it('accepting decides the profile change and the acceptance together, the change first', () => {
    spec.given([registered]).when(answer(true)).then([changed, accepted]);
  });

  it('rejecting changes nothing of the profile', () => {
    spec.given([registered]).when(answer(false)).then([rejected]);
  });

  it('an answer already on the member stream (or on the request stream) counts: the same again is nothing, the other a conflict', () => {
    spec.given([registered, changed, accepted]).when(answer(true)).then([]);
    spec.given([registered, changed, accepted]).when(answer(false)).thenRefused('change_request_closed');
    spec.given([registered, rejected]).when(answer(true)).thenRefused('change_request_closed');
    spec.given([registered]).when(answer(true, { ...open, status: 'rejected' })).thenRefused('change_request_closed');
  });

  it('an erased or unknown member cannot be changed: nothing is accepted', () => {
    spec.given([]).when(answer(true)).thenRefused('not_found');
  });
});
