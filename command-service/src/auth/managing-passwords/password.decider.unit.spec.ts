import type { MemberEvent, SealedSecret } from '@cn/contracts';
import { DomainError } from '@cn/platform';
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

/** given events, when a command: the events it decides, or the key it refuses with */
const given = (events: MemberEvent[]) => ({
  when: (command: PasswordCommand): MemberEvent[] | string => {
    try {
      return passwordDecider.decide(command, events.reduce(passwordDecider.evolve, passwordDecider.initialState()));
    } catch (error) {
      if (error instanceof DomainError) return error.key;
      throw error;
    }
  },
});

describe('password decider', () => {
  it('changes the password when the current one was proven, and the state then holds the new hash', () => {
    expect(given([registered]).when(change())).toEqual([
      { type: 'MemberPasswordChanged', data: { member_id: 'm1', password_hash: sealed('new'), reason: 'changed' } },
    ]);
    const changed = given([registered]).when(change()) as MemberEvent[];
    const state = [registered, ...changed].reduce(passwordDecider.evolve, passwordDecider.initialState());
    expect(state.password_hash).toEqual(sealed('new'));
  });

  it('refuses a wrong current password with its key', () => {
    expect(given([registered]).when(change({ proof_valid: false }))).toBe('current_password_invalid');
  });

  it('lets an administrator set it without proof, but not for an erased or unknown member', () => {
    expect(given([registered]).when(change({ reason: 'set_by_admin', proof_valid: false }))).toHaveLength(1);
    expect(given([registered, { type: 'MemberErased', data: { member_id: 'm1' } }]).when(change({ reason: 'set_by_admin' }))).toBe('member_erased');
    expect(given([]).when(change({ reason: 'set_by_admin' }))).toBe('member_erased');
  });

  it('resets only with a matching token of an open, unexpired link, once', () => {
    const open = [registered, resetRequested('2026-05-01T12:00:00.000Z')];
    expect(given(open).when(change({ reason: 'reset' }))).toHaveLength(1);
    expect(given(open).when(change({ reason: 'reset', proof_valid: false }))).toBe('reset_token_invalid');
    expect(given(open).when(change({ reason: 'reset', now: '2026-05-01T12:00:00.000Z' }))).toBe('reset_token_invalid');
    expect(given([registered]).when(change({ reason: 'reset' }))).toBe('reset_token_invalid');
    const used = given(open).when(change({ reason: 'reset' })) as MemberEvent[];
    expect(given([...open, ...used]).when(change({ reason: 'reset' }))).toBe('reset_token_invalid');
  });

  it('mails a reset link valid for two hours, at most one a minute, and none for erased or unknown members', () => {
    expect(given([registered]).when(requestReset('2026-05-01T10:00:00.000Z'))).toEqual([
      { type: 'MemberPasswordResetRequested', data: { member_id: 'm1', token_hash: sealed('t2'), expires_at: '2026-05-01T12:00:00.000Z' } },
    ]);
    const requested = [registered, resetRequested('2026-05-01T12:00:00.000Z')];
    expect(given(requested).when(requestReset('2026-05-01T10:00:30.000Z'))).toEqual([]);
    expect(given(requested).when(requestReset('2026-05-01T10:01:00.000Z'))).toHaveLength(1);
    expect(given([]).when(requestReset('2026-05-01T10:00:00.000Z'))).toEqual([]);
    expect(given([registered, { type: 'MemberErased', data: { member_id: 'm1' } }]).when(requestReset('2026-05-01T10:00:00.000Z'))).toEqual([]);
  });
});
