import type { MemberRoles } from '@cn/contracts';
import { deciderSpecification } from '@cn/platform/testing';
import type { MemberStreamEvent } from '../profile-state';
import { completeOnboardingDecider, type CompleteOnboarding } from './complete-onboarding.decider';

const roles: MemberRoles = { network_admin: false, auditor: false, external: false };
const envelope = (value: string) => ({ $pii: value, subject: 'm1' });
const registered: MemberStreamEvent = {
  type: 'MemberRegistered',
  data: { member_id: 'm1', email: envelope('e'), first_name: envelope('f'), last_name: envelope('l'), password_hash: { $secret: 'h', subject: 'm1' }, roles },
};
const requested: MemberStreamEvent = { type: 'MemberOnboardingRequested', data: { member_id: 'm1' } };
const completed: MemberStreamEvent = { type: 'MemberOnboardingCompleted', data: { member_id: 'm1' } };

const command = (overrides: Partial<CompleteOnboarding> = {}): CompleteOnboarding => ({
  type: 'CompleteOnboarding',
  member_id: 'm1',
  actor: { id: 'm1', roles },
  current: { first_name: 'New', last_name: '', birthday: null, show_age: false },
  changes: { first_name: 'Nora', last_name: 'Neu' },
  encrypted: { first_name: envelope('nora'), last_name: envelope('neu'), birthday: null },
  ...overrides,
});

const spec = deciderSpecification(completeOnboardingDecider);

describe('completing onboarding', () => {
  it('records the profile and the completion once the member was asked', () => {
    expect(spec.decide([registered, requested], command()).map((event) => event.type)).toEqual(['MemberProfileChanged', 'MemberOnboardingCompleted']);
  });

  it('completes even when the profile stays as it was', () => {
    spec.given([registered, requested]).when(command({ changes: { first_name: 'New', last_name: '' } })).then([completed]);
  });

  it('is a plain profile edit for a member never asked, or asked and done', () => {
    expect(spec.decide([registered], command()).map((event) => event.type)).toEqual(['MemberProfileChanged']);
    expect(spec.decide([registered, requested, completed], command()).map((event) => event.type)).toEqual(['MemberProfileChanged']);
  });

  it('refuses an unknown member', () => {
    spec.given([]).when(command()).thenRefused('not_found');
  });
});
