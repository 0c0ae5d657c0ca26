import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { memberStream } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { CommandRunner } from '../../core/command-runner';
import { CommandLookup } from '../../lookup/command-lookup';
import { ignoreMemberDecider } from './ignore-member.decider';

export const IGNORE_MEMBER = 'IgnoreMember';

/** The signed-in member ignores another member, or stops ignoring them (idempotent both ways). */
export class IgnoreMemberCommand extends Command<{ position: number; ignored: boolean }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: { ignored_member_id: string; ignore: boolean },
  ) {
    super();
  }
}

@CommandHandler(IgnoreMemberCommand)
export class IgnoreMemberHandler implements ICommandHandler<IgnoreMemberCommand> {
  constructor(
    private readonly commands: CommandRunner,
    private readonly lookup: CommandLookup,
  ) {}

  async execute({ issuer, payload }: IgnoreMemberCommand): Promise<{ position: number; ignored: boolean }> {
    const actor = await this.lookup.issuer(issuer);
    const other = await this.lookup.member(payload.ignored_member_id);
    const handled = await this.commands.run(IGNORE_MEMBER, {
      streamId: memberStream(actor._id),
      decider: ignoreMemberDecider,
      command: {
        type: 'IgnoreMember',
        actor: { id: actor._id, roles: actor.roles },
        ignored_member_id: payload.ignored_member_id,
        ignore: payload.ignore,
        ignored_member_active: other !== null && !other.erased,
      },
      context: issuer,
    });
    return { position: handled.position, ignored: payload.ignore };
  }
}
