import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { memberStream } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { CommandRunner } from '../../core/command-runner';
import { CommandLookup } from '../../lookup/command-lookup';
import { followMemberDecider } from './follow-member.decider';

export const FOLLOW_MEMBER = 'FollowMember';

/** The signed-in member follows another member, or stops following them (idempotent both ways). */
export class FollowMemberCommand extends Command<{ position: number; following: boolean }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: { followed_member_id: string; follow: boolean },
  ) {
    super();
  }
}

@CommandHandler(FollowMemberCommand)
export class FollowMemberHandler implements ICommandHandler<FollowMemberCommand> {
  constructor(
    private readonly commands: CommandRunner,
    private readonly lookup: CommandLookup,
  ) {}

  async execute({ issuer, payload }: FollowMemberCommand): Promise<{ position: number; following: boolean }> {
    const actor = await this.lookup.issuer(issuer);
    const other = await this.lookup.member(payload.followed_member_id);
    const handled = await this.commands.run(FOLLOW_MEMBER, {
      streamId: memberStream(actor._id),
      decider: followMemberDecider,
      command: {
        type: 'FollowMember',
        follower_id: actor._id,
        followed_member_id: payload.followed_member_id,
        follow: payload.follow,
        followed_member_active: other !== null && !other.erased,
      },
      context: issuer,
    });
    return { position: handled.position, following: payload.follow };
  }
}
