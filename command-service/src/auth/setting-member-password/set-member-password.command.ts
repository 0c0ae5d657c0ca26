import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { z } from 'zod';
import type { setMemberPasswordRequestSchema } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { HttpProblem } from '@cn/platform';
import { CommandLookup } from '../../lookup/command-lookup';
import { Passwords } from '../password-change';
import { requireAcceptablePassword } from '../password-policy/password-policy';

/** `PUT /administration/members/{id}` with a password: a network administrator sets it. */
export class SetMemberPasswordCommand extends Command<{ position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: z.output<typeof setMemberPasswordRequestSchema> & { member_id: string },
  ) {
    super();
  }
}

@CommandHandler(SetMemberPasswordCommand)
export class SetMemberPasswordHandler implements ICommandHandler<SetMemberPasswordCommand> {
  constructor(
    private readonly passwords: Passwords,
    private readonly lookup: CommandLookup,
  ) {}

  async execute({ issuer, payload: { member_id: memberId, user } }: SetMemberPasswordCommand): Promise<{ position: number }> {
    const member = await this.lookup.member(memberId);
    if (!member || member.erased) throw new HttpProblem(404, 'not_found');
    requireAcceptablePassword(user.password, member.email, 'user.password');
    return this.passwords.change(member._id, { password: user.password, reason: 'set_by_admin', proof: () => Promise.resolve(true) }, issuer);
  }
}
