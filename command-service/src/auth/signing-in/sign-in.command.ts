import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { signInRequestSchema, type MemberDto } from '@cn/contracts';
import { createSessionToken, HttpProblem, INFRASTRUCTURE, parseWith, type Infrastructure } from '@cn/platform';
import { CommandLookup } from '../../lookup/command-lookup';
import { memberDtoOf } from '../../members/member-dto';
import { hashPassword, verifyPassword } from '../passwords';

export const SIGN_IN = 'SignIn';

export interface SignedIn {
  member: MemberDto;
  sessionToken: string;
}

export class SignInCommand extends Command<SignedIn> {
  constructor(readonly body: unknown) {
    super();
  }
}

@CommandHandler(SignInCommand)
export class SignInHandler implements ICommandHandler<SignInCommand> {
  /** compared against when the address is unknown, so that the answer takes as long either way */
  private decoyHash: Promise<string> | null = null;

  constructor(
    @Inject(INFRASTRUCTURE) private readonly infra: Infrastructure,
    private readonly lookup: CommandLookup,
  ) {}

  async execute({ body }: SignInCommand): Promise<SignedIn> {
    const { email, password } = parseWith(signInRequestSchema, body);
    const member = await this.lookup.memberByEmail(email);
    this.decoyHash ??= hashPassword('decoy password', this.infra.config.passwordCost);
    const valid = await verifyPassword(password, member?.password_hash || (await this.decoyHash));
    if (!member || member.erased || !valid) {
      this.infra.metrics.commands.inc({ command: SIGN_IN, outcome: 'rejected' });
      throw new HttpProblem(401, 'invalid_credentials');
    }
    this.infra.metrics.commands.inc({ command: SIGN_IN, outcome: 'accepted' });
    return { member: memberDtoOf(member), sessionToken: createSessionToken(member._id, this.infra.config.session, this.infra.clock()) };
  }
}
