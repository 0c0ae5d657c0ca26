import type { MemberEvent, SealedSecret } from '@cn/contracts';
import { deciderSpecification } from '@cn/platform/testing';
import { passwordDecider, type PasswordCommand } from './password.decider';

const sealed = (value: string): SealedSecret => ({ $secret: value, subject: 'm1' });
const registered: MemberEvent = {
  type: 'MemberRegistered',
  data: {
    member_id: 'm1',
    email: { $pii: 'e', subject: 'm1' },
    first_name: { $pii: 'f', subject: 'm1' },
    last_name: { $pii: 'l', subject: 'm1' },
    password_hash: sealed('old'),
    roles: { network_admin: false, auditor: false, external: false },
  },
};
const resetRequested = (expiresAt: string): MemberEvent => ({
  type: 'MemberPasswordResetRequested',
  data: { member_id: 'm1', token_hash: sealed('token'), expires_at: expiresAt },
});
const change = (overrides: Partial<Extract<PasswordCommand, { type: 'ChangePassword' }>> = {}): PasswordCommand => ({
  type: 'ChangePassword',
  member_id: 'm1',
  password_hash: sealed('new'),
  reason: 'changed',
  proof_valid: true,
  now: '2026-05-01T10:00:00.000Z',
  ...overrides,
});
const requestReset = (now: string): PasswordCommand => ({ type: 'RequestPasswordReset', member_id: 'm1', token_hash: sealed('t2'), now });

const spec = deciderSpecification(passwordDecider);

const changed = (reason: 'changed' | 'reset' | 'set_by_admin'): MemberEvent => ({
  type: 'MemberPasswordChanged',
  data: { member_id: 'm1', password_hash: sealed('new'), reason },
});
const erased: MemberEvent = { type: 'MemberErased', data: { member_id: 'm1' } };

describe('password decider', () => {
  it('changes the password when the current one was proven, and the state then holds the new hash', () => {
    spec.given([registered]).when(change()).then([changed('changed')]);
    expect(spec.state([registered, changed('changed')]).password_hash).toEqual(sealed('new'));
  });

  it('refuses a wrong current password with its key', () => {
    spec.given([registered]).when(change({ proof_valid: false })).thenRefused('current_password_invalid', 'current_password');
  });

  it('lets an administrator set it without proof, but not for an erased or unknown member', () => {
    spec.given([registered]).when(change({ reason: 'set_by_admin', proof_valid: false })).then([changed('set_by_admin')]);
    spec.given([registered, erased]).when(change({ reason: 'set_by_admin' })).thenRefused('member_erased');
    spec.given([]).when(change({ reason: 'set_by_admin' })).thenRefused('member_erased');
  });

  it('resets only with a matching token of an open, unexpired link, once', () => {
    const open = [registered, resetRequested('2026-05-01T12:00:00.000Z')];
    spec.given(open).when(change({ reason: 'reset' })).then([changed('reset')]);
    spec.given(open).when(change({ reason: 'reset', proof_valid: false })).thenRefused('reset_token_invalid', 'user.reset_password_token');
    spec.given(open).when(change({ reason: 'reset', now: '2026-05-01T12:00:00.000Z' })).thenRefused('reset_token_invalid');
    spec.given([registered]).when(change({ reason: 'reset' })).thenRefused('reset_token_invalid');
    spec.given([...open, changed('reset')]).when(change({ reason: 'reset' })).thenRefused('reset_token_invalid');
  });

  it('mails a reset link valid for two hours, at most one a minute, and none for erased or unknown members', () => {
    spec.given([registered]).when(requestReset('2026-05-01T10:00:00.000Z')).then([
      { type: 'MemberPasswordResetRequested', data: { member_id: 'm1', token_hash: sealed('t2'), expires_at: '2026-05-01T12:00:00.000Z' } },
    ]);
    const requested = [registered, resetRequested('2026-05-01T12:00:00.000Z')];
    spec.given(requested).when(requestReset('2026-05-01T10:00:30.000Z')).then([]);
    expect(spec.decide(requested, requestReset('2026-05-01T10:01:00.000Z'))).toHaveLength(1);
    spec.given([]).when(requestReset('2026-05-01T10:00:00.000Z')).then([]);
    spec.given([registered, erased]).when(requestReset('2026-05-01T10:00:00.000Z')).then([]);
  });
});
