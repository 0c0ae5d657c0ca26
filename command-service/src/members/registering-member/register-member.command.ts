import { randomBytes, randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { memberStream } from '@cn/contracts';
import { InjectPort, type Infrastructure, type MailPort, type PersonalDataCipher, type PlatformConfig } from '@cn/platform';
import { CommandRunner } from '../../core/command-runner';
import { type CommandContext } from '@cn/domain';
import { hashPassword } from '../../auth/passwords';
import { sha256 } from '../../auth/password-change';
import { passwordDecider } from '../../auth/password.decider';
import { requireAcceptablePassword } from '../../auth/password-policy/password-policy';
import { CommandLookup } from '../../lookup/command-lookup';
import { executeCommand } from '../../shared/execute-command';
import { registerMemberDecider } from './register-member.decider';
import type { RegisterMemberRequest, RegisterMemberUser } from './register-member.request';

export const REGISTER_MEMBER = 'RegisterMember';

export interface RegistrationDeps {
  isEmailTaken(email: string): Promise<boolean>;
  /** the network's join_ask_for_profile_data (absent: not asked, as for the demo seed) */
  asksForProfileData?(): Promise<boolean>;
}

/**
 * The address check and the append run one at a time in this process, so two registrations with one
 * address cannot both pass the check here.
 */
let registrations: Promise<unknown> = Promise.resolve();
const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
  const next = registrations.then(work, work);
  registrations = next.catch(() => undefined);
  return next;
};

export const registerMember = async (
  infra: Pick<Infrastructure, 'eventStore' | 'clock' | 'metrics' | 'cipher' | 'mail' | 'config'>,
  deps: RegistrationDeps,
  user: RegisterMemberUser,
  context: CommandContext,
): Promise<{ position: number; id: string }> => {
  const memberId = randomUUID();
  // without a password the member sets one from the welcome mail; until then nothing matches
  const password = user.password || randomBytes(32).toString('base64url');
  const [email, firstName, lastName, passwordHash] = await Promise.all([
    infra.cipher.encrypt(memberId, user.email),
    infra.cipher.encrypt(memberId, user.first_name),
    infra.cipher.encrypt(memberId, user.last_name),
    hashPassword(password, infra.config.passwordCost).then((hash) => infra.cipher.sealSecret(memberId, hash)),
  ]);
  const handled = await oneAtATime(async () =>
    executeCommand(infra, REGISTER_MEMBER, {
      streamId: memberStream(memberId),
      decider: registerMemberDecider,
      command: {
        type: 'RegisterMember',
        member_id: memberId,
        email,
        first_name: firstName,
        last_name: lastName,
        password_hash: passwordHash,
        roles: { network_admin: false, auditor: false, external: false, ...user.roles },
        email_taken: await deps.isEmailTaken(user.email),
        ask_for_profile_data: (await deps.asksForProfileData?.()) ?? false,
      },
      context,
    }),
  );
  if (user.send_welcome_mail) {
    // the welcome link is a one-time password link (as a reset's): only its token's SHA-256 is kept, sealed
    const token = `${memberId}.${randomBytes(32).toString('base64url')}`;
    const requested = await executeCommand(infra, REGISTER_MEMBER, {
      streamId: memberStream(memberId),
      decider: passwordDecider,
      command: { type: 'RequestPasswordReset', member_id: memberId, token_hash: await infra.cipher.sealSecret(memberId, sha256(token)), now: infra.clock().toISOString() },
      context,
    });
    const link = `${infra.config.publicUrl}/users/password/edit?reset_password_token=${encodeURIComponent(token)}`;
    const hasPassword = Boolean(user.password);
    await infra.mail.send({
      to: [user.email],
      subject: 'Welcome to the community network',
      text: `Hello ${user.first_name || user.email},\n\nan account was created for you. ${hasPassword ? 'Sign in with this address, or choose' : 'Choose'} your password here:\n${link}\n\nThe link works once, for two hours.`,
    });
    return { position: requested.position, id: memberId };
  }
  return { position: handled.position, id: memberId };
};

/** An administrator registers a member; the payload is the parsed `{ user }` request. */
export class RegisterMemberCommand extends Command<{ position: number; id: string }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: RegisterMemberRequest,
  ) {
    super();
  }
}

@CommandHandler(RegisterMemberCommand)
export class RegisterMemberHandler implements ICommandHandler<RegisterMemberCommand> {
  constructor(
    private readonly commands: CommandRunner,
    @InjectPort('cipher') private readonly cipher: PersonalDataCipher,
    @InjectPort('mail') private readonly mail: MailPort,
    @InjectPort('config') private readonly config: PlatformConfig,
    private readonly lookup: CommandLookup,
  ) {}

  async execute({ issuer, payload: { user } }: RegisterMemberCommand): Promise<{ position: number; id: string }> {
    // a person chose this password (the demo seed's documented ones do not pass through here)
    if (user.password) requireAcceptablePassword(user.password, user.email, 'user.password');
    const ports = { eventStore: this.commands.eventStore, clock: this.commands.clock, metrics: this.commands.metrics, cipher: this.cipher, mail: this.mail, config: this.config };
    const deps: RegistrationDeps = {
      isEmailTaken: async (email) => (await this.lookup.memberByEmail(email)) !== null,
      asksForProfileData: async () => (await this.lookup.networkSettings()).join.join_ask_for_profile_data,
    };
    return registerMember(ports, deps, user, issuer);
  }
}
