import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { signInRequestSchema, type MemberDto } from '@cn/contracts';
import { createSessionToken, HttpProblem, INFRASTRUCTURE, parseWith, type Infrastructure } from '@cn/platform';
import { CommandLookup } from '../../lookup/command-lookup';
import { memberDtoOf } from '../../members/member-dto';
import { verifyMemberPassword } from '../credentials';

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
  constructor(
    @Inject(INFRASTRUCTURE) private readonly infra: Infrastructure,
    private readonly lookup: CommandLookup,
  ) {}

  async execute({ body }: SignInCommand): Promise<SignedIn> {
    const { email, password } = parseWith(signInRequestSchema, body);
    const member = await this.lookup.memberByEmail(email);
    const valid = await verifyMemberPassword(this.infra, member?._id ?? null, password);
    if (!member || member.erased || !valid) {
      this.infra.metrics.commands.inc({ command: SIGN_IN, outcome: 'rejected' });
      throw new HttpProblem(401, 'invalid_credentials');
    }
    this.infra.metrics.commands.inc({ command: SIGN_IN, outcome: 'accepted' });
    return { member: memberDtoOf(member), sessionToken: createSessionToken(member._id, this.infra.config.session, this.infra.clock()) };
  }
}
