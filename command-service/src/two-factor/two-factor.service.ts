import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  EMAIL_CODE_DRIFT_STEPS,
  EMAIL_CODE_PERIOD_SECONDS,
  RETRY_AFTER_HEADER,
  TOTP_DRIFT_STEPS,
  TWO_FACTOR_FAILURE_WINDOW_MS,
  TWO_FACTOR_FREE_FAILURES,
  TWO_FACTOR_LOCK_MS,
  TWO_FACTOR_PENDING_TTL_MS,
  twoFactorStream,
  type TwoFactorType,
} from '@cn/contracts';
import { DomainError, loadState, type Document } from '@cn/domain';
import { HttpProblem, InjectPort, type DocumentStore, type MailPort, type PersonalDataCipher, type PlatformConfig } from '@cn/platform';
import { CommandRunner } from '../core/command-runner';
import { backupCodeHash, base32Decode, hotp, matchingStep, timeStep } from './totp';
import type { CodeProof } from './two-factor.decider';
import { twoFactorDecider } from './two-factor.decider';
import type { TwoFactorState } from './two-factor-state';

/** Wrong codes per member, shared by every process (session security state, not domain state: no event). */
export const TWO_FACTOR_THROTTLES = 'two_factor_throttles';
interface ThrottleDocument extends Document {
  failures: number;
  first_at: number;
  locked_until: number;
}

const hmac = (secret: string, payload: string): string => createHmac('sha256', secret).update(payload).digest('base64url');
const same = (a: string, b: string): boolean => {
  const [left, right] = [Buffer.from(a), Buffer.from(b)];
  return left.length === right.length && timingSafeEqual(left, right);
};

/** the secret of a factor as HOTP needs it: base32 for the app, hex for mail codes */
export const secretBytes = (type: TwoFactorType, secret: string): Buffer | null =>
  type === 'totp' ? base32Decode(secret) : /^[0-9a-f]{40}$/.test(secret) ? Buffer.from(secret, 'hex') : null;

export const newEmailSecret = (): string => randomBytes(20).toString('hex');

/** The code a mail carries now for this secret: of the current step, or the one after the last step taken. */
export const emailCode = (secret: string, atMs: number, lastStep: number | null = null): string =>
  hotp(Buffer.from(secret, 'hex'), Math.max(timeStep(atMs, EMAIL_CODE_PERIOD_SECONDS), (lastStep ?? -1) + 1));

/** the step a code of this factor type matches now; null for none */
export const stepOf = (type: TwoFactorType, secret: string, code: string, atMs: number): number | null => {
  const bytes = secretBytes(type, secret);
  if (!bytes || !/^\d{6}$/.test(code)) return null;
  return type === 'totp'
    ? matchingStep(bytes, code, atMs, { drift: TOTP_DRIFT_STEPS })
    : matchingStep(bytes, code, atMs, { periodSeconds: EMAIL_CODE_PERIOD_SECONDS, drift: EMAIL_CODE_DRIFT_STEPS });
};

/**
 * What the two-factor slices share: the member's factors folded from their stream, checking a code
 * against them (unsealed here, on the command side only), the throttle of wrong codes and the signed
 * setup a member confirms.
 */
@Injectable()
export class TwoFactor {
  constructor(
    readonly commands: CommandRunner,
    @InjectPort('cipher') readonly cipher: PersonalDataCipher,
    @InjectPort('config') readonly config: PlatformConfig,
    @InjectPort('mail') readonly mail: MailPort,
    @InjectPort('documentStore') private readonly documentStore: DocumentStore,
  ) {}

  now(): number {
    return this.commands.clock().getTime();
  }

  async load(memberId: string): Promise<{ state: TwoFactorState; revision: number }> {
    const loaded = await loadState(this.commands.eventStore, twoFactorStream(memberId), twoFactorDecider);
    return { state: loaded.state, revision: loaded.revision };
  }

  /** Which factor (and step or backup code) the code is; only `factorId`'s when given. */
  async proofOf(state: TwoFactorState, code: string, factorId: string | null = null): Promise<CodeProof> {
    const at = this.now();
    const factors = Object.entries(state.factors).filter(([id]) => factorId === null || id === factorId);
    for (const [id, factor] of factors) {
      const secret = await this.cipher.unsealSecret(factor.secret);
      const step = secret ? stepOf(factor.type, secret, code.trim(), at) : null;
      if (step !== null) return { matched: true, factor_id: id, method: factor.type, step };
    }
    const hash = backupCodeHash(code);
    for (const [id, factor] of factors) {
      const sealed = await this.cipher.unsealSecret(factor.backup_codes);
      const hashes = sealed ? (JSON.parse(sealed) as string[]) : [];
      const index = hashes.findIndex((candidate) => same(candidate, hash));
      if (index >= 0) return { matched: true, factor_id: id, method: 'backup', backup_index: index };
    }
    return { matched: false };
  }

  /** sealed list of the backup codes' SHA-256 */
  sealBackupCodes(memberId: string, codes: readonly string[]): ReturnType<PersonalDataCipher['sealSecret']> {
    return this.cipher.sealSecret(memberId, JSON.stringify(codes.map(backupCodeHash)));
  }

  // --- wrong codes: five within 15 minutes, then 429 for five minutes

  private throttleId(memberId: string): string {
    return hmac(this.config.session.secret, `two-factor-throttle:${memberId}`);
  }

  async assertNotThrottled(memberId: string): Promise<void> {
    const doc = await this.documentStore.collection<ThrottleDocument>(TWO_FACTOR_THROTTLES).get(this.throttleId(memberId));
    const now = this.now();
    if (doc && doc.locked_until > now) {
      throw new HttpProblem(429, 'too_many_attempts', [], undefined, { [RETRY_AFTER_HEADER]: String(Math.max(1, Math.ceil((doc.locked_until - now) / 1000))) });
    }
  }

  /** runs a check that may refuse the code; a refused code counts towards the throttle, a taken one clears it */
  async throttled<T>(memberId: string, check: () => Promise<T>): Promise<T> {
    await this.assertNotThrottled(memberId);
    const collection = this.documentStore.collection<ThrottleDocument>(TWO_FACTOR_THROTTLES);
    const id = this.throttleId(memberId);
    try {
      const result = await check();
      await collection.delete(id);
      return result;
    } catch (error) {
      if (error instanceof DomainError && error.key === 'invalid_code') {
        const now = this.now();
        const doc = await collection.get(id);
        const fresh = !doc || now - doc.first_at > TWO_FACTOR_FAILURE_WINDOW_MS;
        const failures = fresh ? 1 : doc.failures + 1;
        await collection.upsert({
          _id: id,
          failures,
          first_at: fresh ? now : doc.first_at,
          locked_until: failures >= TWO_FACTOR_FREE_FAILURES ? now + TWO_FACTOR_LOCK_MS : 0,
        });
      }
      throw error;
    }
  }

  // --- the setup a member confirms: the server made the secret for this member (signed), so no client picks one

  setupToken(memberId: string, type: TwoFactorType, secret: string): string {
    const expires = this.now() + TWO_FACTOR_PENDING_TTL_MS;
    return `${expires}.${hmac(this.config.session.secret, `two-factor-setup:${memberId}:${type}:${secret}:${expires}`)}`;
  }

  verifySetup(memberId: string, type: TwoFactorType, secret: string, token: string): boolean {
    const [expires, signature] = token.split('.');
    if (!expires || !signature || !(Number(expires) > this.now())) return false;
    return same(signature, hmac(this.config.session.secret, `two-factor-setup:${memberId}:${type}:${secret}:${expires}`));
  }

  /** mails the current code of a mail factor */
  async mailCode(to: string, secret: string): Promise<void> {
    const code = emailCode(secret, this.now());
    await this.mail.send({
      to: [to],
      subject: 'Your sign-in code',
      text: `Your code is ${code}\n\nIt is valid for ten minutes. If you did not ask for it, change your password.`,
    });
  }
}
