import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { mayReactivateMemberEmail, membershipSettingsStream } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { CommandRunner } from '../../core/command-runner';
import { CommandLookup } from '../../lookup/command-lookup';
import { membershipSettingsDecider } from '../membership-settings.decider';

export const REACTIVATE_MEMBER_EMAIL = 'ReactivateMemberEmail';

/** The member (or a network administrator) takes a bounce-listed address off the bounce list. */
export class ReactivateMemberEmailCommand extends Command<{ position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: { member_id: string },
  ) {
    super();
  }
}

@CommandHandler(ReactivateMemberEmailCommand)
export class ReactivateMemberEmailHandler implements ICommandHandler<ReactivateMemberEmailCommand> {
  constructor(
    private readonly commands: CommandRunner,
    private readonly lookup: CommandLookup,
  ) {}

  async execute({ issuer, payload }: ReactivateMemberEmailCommand): Promise<{ position: number }> {
    const member = await this.lookup.issuer(issuer);
    const allowed = mayReactivateMemberEmail({ member_id: member._id, network_admin: member.roles.network_admin }, payload.member_id);
    const handled = await this.commands.run(REACTIVATE_MEMBER_EMAIL, {
      streamId: membershipSettingsStream(payload.member_id),
      decider: membershipSettingsDecider,
      command: { type: 'ReactivateMemberEmail', member_id: payload.member_id, allowed },
      context: issuer,
    });
    return { position: handled.position };
  }
}
