import { createHash, timingSafeEqual } from 'node:crypto';
import { memberStream, type PasswordChangeReason } from '@cn/contracts';
import { Injectable } from '@nestjs/common';
import { DomainError, loadState, type CommandContext } from '@cn/domain';
import { InjectPort, sessionRevocationsOf, type DocumentStore, type PersonalDataCipher, type PlatformConfig } from '@cn/platform';
import { CommandRunner } from '../core/command-runner';
import type { MemberState } from '../members/member-state';
import { hashPassword } from './passwords';
import { passwordDecider } from './password.decider';

export const CHANGE_PASSWORD = 'ChangePassword';

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

export const sameText = (a: string, b: string): boolean => {
  const [left, right] = [Buffer.from(a), Buffer.from(b)];
  return left.length === right.length && timingSafeEqual(left, right);
};

export const requireConfirmation = (password: string, confirmation: string | undefined, field: string): void => {
  if (confirmation !== undefined && confirmation !== password) throw new DomainError('password_confirmation_mismatch', 'refused', field);
};

/** What every password use case of the feature needs: its ports and the one way a password changes. */
@Injectable()
export class Passwords {
  constructor(
    readonly commands: CommandRunner,
    @InjectPort('cipher') readonly cipher: PersonalDataCipher,
    @InjectPort('config') readonly config: PlatformConfig,
    @InjectPort('documentStore') private readonly documentStore: DocumentStore,
  ) {}

  /**
   * Sets a new password after the proof the reason asks for, checked on the state that was loaded; the append
   * expects that state's revision (409 when the stream moved on meanwhile). Then every session the member
   * opened until now ends, in every service (OWASP ASVS 5.0 V7.4.3): whoever knew the old password is out.
   */
  async change(
    memberId: string,
    request: { password: string; reason: PasswordChangeReason; proof: (state: MemberState) => Promise<boolean> },
    context: CommandContext,
  ): Promise<{ position: number }> {
    const { commands, cipher, config } = this;
    const loaded = await loadState(commands.eventStore, memberStream(memberId), passwordDecider);
    const proofValid = await request.proof(loaded.state);
    const passwordHash = await cipher.sealSecret(memberId, await hashPassword(request.password, config.passwordCost));
    const handled = await commands.run(CHANGE_PASSWORD, {
      streamId: memberStream(memberId),
      decider: passwordDecider,
      command: { type: 'ChangePassword', member_id: memberId, password_hash: passwordHash, reason: request.reason, proof_valid: proofValid, now: commands.clock().toISOString() },
      expectedRevision: loaded.revision < 0 ? 'no_stream' : loaded.revision,
      context,
    });
    // tokens issued from the next millisecond on expire later than this, so a session handed out now survives
    await sessionRevocationsOf(this.documentStore).revokeMember(memberId, commands.clock().getTime() + config.session.ttlMs - 1);
    return { position: handled.position };
  }
}

export const POLICY_KEYS = 'password_too_short, password_too_common, password_matches_email or password_confirmation_mismatch';
