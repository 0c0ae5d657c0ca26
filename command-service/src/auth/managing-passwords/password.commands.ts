import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  changePasswordRequestSchema,
  memberStream,
  requestPasswordResetSchema,
  resetPasswordRequestSchema,
  setMemberPasswordRequestSchema,
  type PasswordChangeReason,
} from '@cn/contracts';
import { createSessionToken, HttpProblem, INFRASTRUCTURE, parseWith, sessionRevocationsOf, type Infrastructure, type RequestContext } from '@cn/platform';
import { DomainError, loadState, type CommandContext } from '@cn/domain';
import { CommandLookup } from '../../lookup/command-lookup';
import { countRefusal, executeCommand } from '../../shared/execute-command';
import { requireAcceptablePassword } from '../password-policy/password-policy';
import { hashPassword, verifyPassword } from '../passwords';
import type { MemberState } from '../../members/member-state';
import { passwordDecider } from './password.decider';

export const CHANGE_PASSWORD = 'ChangePassword';
export const REQUEST_PASSWORD_RESET = 'RequestPasswordReset';

type PasswordInfra = Pick<Infrastructure, 'eventStore' | 'cipher' | 'config' | 'clock' | 'metrics' | 'mail' | 'documentStore'>;

const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

const sameText = (a: string, b: string): boolean => {
  const [left, right] = [Buffer.from(a), Buffer.from(b)];
  return left.length === right.length && timingSafeEqual(left, right);
};

const requireConfirmation = (password: string, confirmation: string | undefined, field: string): void => {
  if (confirmation !== undefined && confirmation !== password) throw new DomainError('password_confirmation_mismatch', 'refused', field);
};

/**
 * Sets a new password after the proof the reason asks for, checked on the state that was loaded; the append
 * expects that state's revision (409 when the stream moved on meanwhile). Then every session the member
 * opened until now ends, in every service (OWASP ASVS 5.0 V7.4.3): whoever knew the old password is out.
 */
const changePassword = async (
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

const contextOf = (memberId: string | null, ctx: RequestContext | null): CommandContext => ({
  memberId,
  correlationId: ctx?.correlationId ?? randomBytes(16).toString('hex'),
  causationId: ctx?.requestId ?? randomBytes(16).toString('hex'),
});

/**
 * `PUT /api/v1/members/me/password`: the current password proves it is the member. Their other sessions end;
 * this one goes on with a new token.
 */
export class ChangeOwnPasswordCommand extends Command<{ position: number; sessionToken: string }> {
  constructor(
    readonly body: unknown,
    readonly ctx: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(ChangeOwnPasswordCommand)
export class ChangeOwnPasswordHandler implements ICommandHandler<ChangeOwnPasswordCommand> {
  constructor(
    @Inject(INFRASTRUCTURE) private readonly infra: Infrastructure,
    private readonly lookup: CommandLookup,
  ) {}

  async execute({ body, ctx }: ChangeOwnPasswordCommand): Promise<{ position: number; sessionToken: string }> {
    const member = await this.lookup.requireActiveMember(ctx).catch((error: unknown) => countRefusal(this.infra, CHANGE_PASSWORD, error));
    const request = parseWith(changePasswordRequestSchema, body);
    requireConfirmation(request.password, request.password_confirmation, 'password_confirmation');
    requireAcceptablePassword(request.password, member.email, 'password');
    const changed = await changePassword(
      this.infra,
      member._id,
      {
        password: request.password,
        reason: 'changed',
        proof: async (state) => {
          const current = state.password_hash ? await this.infra.cipher.unsealSecret(state.password_hash) : null;
          return current !== null && (await verifyPassword(request.current_password, current));
        },
      },
      contextOf(member._id, ctx),
    );
    return { ...changed, sessionToken: createSessionToken(member._id, this.infra.config.session, new Date(this.infra.clock().getTime() + 1)) };
  }
}

/** `PUT /administration/members/{id}` with a password: a network administrator sets it. */
export class SetMemberPasswordCommand extends Command<{ position: number }> {
  constructor(
    readonly memberId: string,
    readonly body: unknown,
    readonly ctx: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(SetMemberPasswordCommand)
export class SetMemberPasswordHandler implements ICommandHandler<SetMemberPasswordCommand> {
  constructor(
    @Inject(INFRASTRUCTURE) private readonly infra: Infrastructure,
    private readonly lookup: CommandLookup,
  ) {}

  async execute({ memberId, body, ctx }: SetMemberPasswordCommand): Promise<{ position: number }> {
    const admin = await this.lookup.requireNetworkAdmin(ctx).catch((error: unknown) => countRefusal(this.infra, CHANGE_PASSWORD, error));
    const { user } = parseWith(setMemberPasswordRequestSchema, body);
    const member = await this.lookup.member(memberId);
    if (!member || member.erased) throw new HttpProblem(404, 'not_found');
    requireAcceptablePassword(user.password, member.email, 'user.password');
    return changePassword(this.infra, member._id, { password: user.password, reason: 'set_by_admin', proof: () => Promise.resolve(true) }, contextOf(admin._id, ctx));
  }
}

/** `POST /users/password`: mails a reset link when a member has the address; answers the same either way. */
export class RequestPasswordResetCommand extends Command<void> {
  constructor(
    readonly body: unknown,
    readonly ctx: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(RequestPasswordResetCommand)
export class RequestPasswordResetHandler implements ICommandHandler<RequestPasswordResetCommand> {
  constructor(
    @Inject(INFRASTRUCTURE) private readonly infra: Infrastructure,
    private readonly lookup: CommandLookup,
  ) {}

  async execute({ body, ctx }: RequestPasswordResetCommand): Promise<void> {
    const { user } = parseWith(requestPasswordResetSchema, body);
    const member = await this.lookup.memberByEmail(user.email);
    if (!member || member.erased) return;
    // the member id lets the reset find the stream; only the token's SHA-256 is kept, sealed
    const token = `${member._id}.${randomBytes(32).toString('base64url')}`;
    const handled = await executeCommand(this.infra, REQUEST_PASSWORD_RESET, {
      streamId: memberStream(member._id),
      decider: passwordDecider,
      command: { type: 'RequestPasswordReset', member_id: member._id, token_hash: await this.infra.cipher.sealSecret(member._id, sha256(token)), now: this.infra.clock().toISOString() },
      context: contextOf(null, ctx),
    });
    if (handled.events.length === 0) return;
    const link = `${this.infra.config.publicUrl}/users/password/edit?reset_password_token=${encodeURIComponent(token)}`;
    await this.infra.mail.send({
      to: [member.email],
      subject: 'Reset your password',
      text: `Hello ${member.first_name || member.email},\n\nsomeone asked to reset the password of this account. To choose a new one, open\n${link}\n\nThe link works once, for two hours. If it was not you, ignore this mail: your password stays as it is.`,
    });
  }
}

/** `PUT /users/password`: the token of a reset link proves it is the member. */
export class ResetPasswordCommand extends Command<{ position: number }> {
  constructor(
    readonly body: unknown,
    readonly ctx: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(ResetPasswordCommand)
export class ResetPasswordHandler implements ICommandHandler<ResetPasswordCommand> {
  constructor(
    @Inject(INFRASTRUCTURE) private readonly infra: Infrastructure,
    private readonly lookup: CommandLookup,
  ) {}

  async execute({ body, ctx }: ResetPasswordCommand): Promise<{ position: number }> {
    const { user } = parseWith(resetPasswordRequestSchema, body);
    const token = user.reset_password_token;
    const member = await this.lookup.member(token.slice(0, Math.max(0, token.lastIndexOf('.'))));
    if (!member || member.erased) throw new DomainError('reset_token_invalid', 'refused', 'user.reset_password_token');
    requireConfirmation(user.password, user.password_confirmation, 'user.password_confirmation');
    requireAcceptablePassword(user.password, member.email, 'user.password');
    return changePassword(
      this.infra,
      member._id,
      {
        password: user.password,
        reason: 'reset',
        proof: async (state) => {
          const expected = state.reset ? await this.infra.cipher.unsealSecret(state.reset.token_hash) : null;
          return expected !== null && sameText(sha256(token), expected);
        },
      },
      // the link's token proves who this is
      contextOf(member._id, ctx),
    );
  }
}
