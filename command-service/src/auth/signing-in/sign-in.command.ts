import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { factorMethodAllowed, RETRY_AFTER_HEADER, twoFactorSetupRequired, twoFactorStream, type TwoFactorType, signInGuardStream, streamCategory, type signInRequestSchema, type MemberDto, type SignInLockEvent } from '@cn/contracts';
import type { z } from 'zod';
import { loadState, toNewEvents, type CommandContext } from '@cn/domain';
import type { Logger } from 'pino';
import { createSessionToken, HttpProblem, InjectPort, type MailPort, type PersonalDataCipher, type PlatformConfig } from '@cn/platform';
import { CommandRunner } from '../../core/command-runner';
import { CommandLookup } from '../../lookup/command-lookup';
import { memberDtoOf } from '../../members/member-dto';
import { verifyMemberPassword } from '../credentials';
import { pendingSignInToken } from '../../two-factor/pending-sign-in';
import { twoFactorDecider } from '../../two-factor/two-factor.decider';
import { emailCode } from '../../two-factor/two-factor.service';
import { normalizeAccount, normalizeAddress, retryAfterSeconds, SignInThrottle, type BegunLock } from './sign-in-throttle';

export const SIGN_IN = 'SignIn';

export type SignedIn =
  | { member: MemberDto; sessionToken: string; twoFactorSetupRequired: boolean }
  /** the password was right and the member has a second factor: no session yet, only the pending step */
  | { pendingToken: string; methods: TwoFactorType[] };

/** Someone (no member yet) signs in from an address; the payload is the parsed `{ email, password }`. */
export class SignInCommand extends Command<SignedIn> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: z.output<typeof signInRequestSchema>,
    /** the client address as the app reads it (`req.ip`, which honours TRUST_PROXY) */
    readonly clientAddress: string,
  ) {
    super();
  }
}

/**
 * 64 bits of the keyed hash: enough to tell runs of the same account or address apart in the history,
 * and no full digest in an answer (the security probe refuses anything shaped like a SHA-256).
 */
const fingerprintOf = (hash: string): string => hash.slice(0, 16);

/** What administrators learn of a lock: the member id when the account is a member's, hashes otherwise. */
export const signInLockedEvent = (lock: BegunLock, memberId: string | null): SignInLockEvent => ({
  type: 'SignInLocked',
  data: {
    scope: lock.scope,
    ...(lock.scope === 'address' ? {} : memberId ? { member_id: memberId } : { account_hash: fingerprintOf(lock.accountHash) }),
    ...(lock.scope === 'account' ? {} : { address_hash: fingerprintOf(lock.addressHash) }),
    failures: lock.failures,
    locked_until: new Date(lock.lockedUntil).toISOString(),
  },
});

const subjectOf = (event: SignInLockEvent, lock: BegunLock): string =>
  event.data.scope === 'address' ? fingerprintOf(lock.addressHash) : (event.data.member_id ?? fingerprintOf(lock.accountHash));

@CommandHandler(SignInCommand)
export class SignInHandler implements ICommandHandler<SignInCommand> {
  constructor(
    private readonly commands: CommandRunner,
    @InjectPort('cipher') private readonly cipher: PersonalDataCipher,
    @InjectPort('config') private readonly config: PlatformConfig,
    @InjectPort('logger') private readonly logger: Logger,
    private readonly lookup: CommandLookup,
    private readonly throttle: SignInThrottle,
    @InjectPort('mail') private readonly mail: MailPort,
  ) {}

  async execute({ issuer, payload: { email, password }, clientAddress }: SignInCommand): Promise<SignedIn> {
    const attempt = { account: normalizeAccount(email), address: normalizeAddress(clientAddress) };
    // before anything else: a locked attempt learns nothing, not even from how long the password check takes
    const lock = await this.throttle.lockOf(attempt);
    if (lock) {
      this.commands.metrics.commands.inc({ command: SIGN_IN, outcome: 'throttled' });
      const wait = retryAfterSeconds(lock.lockedUntil, this.commands.clock().getTime());
      throw new HttpProblem(429, 'too_many_attempts', [], undefined, { [RETRY_AFTER_HEADER]: String(wait) });
    }
    const member = await this.lookup.memberByEmail(email);
    const valid = await verifyMemberPassword({ eventStore: this.commands.eventStore, cipher: this.cipher, config: this.config }, member?._id ?? null, password);
    if (!member || member.erased || !valid) {
      const begun = await this.throttle.recordFailure(attempt);
      await this.announce(begun, member && !member.erased ? member._id : null, issuer);
      this.commands.metrics.commands.inc({ command: SIGN_IN, outcome: 'rejected' });
      throw new HttpProblem(401, 'invalid_credentials');
    }
    await this.throttle.recordSuccess(attempt);
    // a locked member learns it only with the right password
    if (member.locked) throw new HttpProblem(403, 'member_locked');
    this.commands.metrics.commands.inc({ command: SIGN_IN, outcome: 'accepted' });
    const now = this.commands.clock();
    const { state: factors } = await loadState(this.commands.eventStore, twoFactorStream(member._id), twoFactorDecider);
    const settings = await this.lookup.networkSettings();
    // a factor of a method the network switched off is deactivated: it is not asked for, and cannot sign in
    const active = Object.values(factors.factors).filter((factor) => factorMethodAllowed(settings.member, factor.type));
    if (active.length > 0) {
      const mailFactor = active.find((factor) => factor.type === 'email');
      const secret = mailFactor ? await this.cipher.unsealSecret(mailFactor.secret) : null;
      if (secret) {
        await this.mail.send({ to: [member.email], subject: 'Your sign-in code', text: `Your code is ${emailCode(secret, now.getTime(), mailFactor?.last_step ?? null)}\n\nIt is valid for ten minutes.` });
      }
      return { pendingToken: pendingSignInToken(member._id, this.config.session.secret, now.getTime()), methods: [...new Set(active.map((factor) => factor.type))] };
    }
    return {
      member: memberDtoOf(member),
      sessionToken: createSessionToken(member._id, this.config.session, now),
      twoFactorSetupRequired: twoFactorSetupRequired(settings.member, []),
    };
  }

  /** One SignInLocked per lock begun; losing one must not turn the 401 into a 500, so a failed append is logged. */
  private async announce(begun: readonly BegunLock[], memberId: string | null, issuer: CommandContext): Promise<void> {
    for (const lock of begun) {
      const event = signInLockedEvent(lock, memberId);
      const streamId = signInGuardStream(subjectOf(event, lock));
      try {
        await this.commands.eventStore.append(streamId, toNewEvents([event], { ...issuer, memberId: null }, this.commands.clock()), { expectedRevision: 'any' });
        this.commands.metrics.appends.inc({ stream_category: streamCategory(streamId) });
      } catch (error) {
        this.logger.error({ err: error, scope: lock.scope }, 'recording a sign-in lock failed');
      }
    }
  }
}
