import { createHash, timingSafeEqual } from 'node:crypto';
import { memberStream, type PasswordChangeReason } from '@cn/contracts';
import { DomainError, loadState, type CommandContext } from '@cn/domain';
import { sessionRevocationsOf, type Infrastructure } from '@cn/platform';
import type { MemberState } from '../members/member-state';
import { executeCommand } from '../shared/execute-command';
import { hashPassword } from './passwords';
import { passwordDecider } from './password.decider';

export const CHANGE_PASSWORD = 'ChangePassword';

export type PasswordInfra = Pick<Infrastructure, 'eventStore' | 'cipher' | 'config' | 'clock' | 'metrics' | 'mail' | 'documentStore'>;

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

export const sameText = (a: string, b: string): boolean => {
  const [left, right] = [Buffer.from(a), Buffer.from(b)];
  return left.length === right.length && timingSafeEqual(left, right);
};

export const requireConfirmation = (password: string, confirmation: string | undefined, field: string): void => {
  if (confirmation !== undefined && confirmation !== password) throw new DomainError('password_confirmation_mismatch', 'refused', field);
};

/**
 * Sets a new password after the proof the reason asks for, checked on the state that was loaded; the append
 * expects that state's revision (409 when the stream moved on meanwhile). Then every session the member
 * opened until now ends, in every service (OWASP ASVS 5.0 V7.4.3): whoever knew the old password is out.
 */
export const changePassword = async (
  infra: PasswordInfra,
  memberId: string,
  request: { password: string; reason: PasswordChangeReason; proof: (state: MemberState) => Promise<boolean> },
  context: CommandContext,
): Promise<{ position: number }> => {
  const loaded = await loadState(infra.eventStore, memberStream(memberId), passwordDecider);
  const proofValid = await request.proof(loaded.state);
  const passwordHash = await infra.cipher.sealSecret(memberId, await hashPassword(request.password, infra.config.passwordCost));
  const handled = await executeCommand(infra, CHANGE_PASSWORD, {
    streamId: memberStream(memberId),
    decider: passwordDecider,
    command: { type: 'ChangePassword', member_id: memberId, password_hash: passwordHash, reason: request.reason, proof_valid: proofValid, now: infra.clock().toISOString() },
    expectedRevision: loaded.revision < 0 ? 'no_stream' : loaded.revision,
    context,
  });
  // tokens issued from the next millisecond on expire later than this, so a session handed out now survives
  await sessionRevocationsOf(infra.documentStore).revokeMember(memberId, infra.clock().getTime() + infra.config.session.ttlMs - 1);
  return { position: handled.position };
};

export const POLICY_KEYS = 'password_too_short, password_too_common, password_matches_email or password_confirmation_mismatch';
