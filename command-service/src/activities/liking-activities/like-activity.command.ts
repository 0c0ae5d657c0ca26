import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandContext } from '@cn/domain';
import { ActivityCommands } from '../activity-commands';

export const LIKE_ACTIVITY = 'SetActivityLike';

/** Liking (liked true) or unliking a post; asking for what already holds changes nothing. */
export class LikeActivityCommand extends Command<{ position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: { activity_id: string; liked: boolean },
  ) {
    super();
  }
}

@CommandHandler(LikeActivityCommand)
export class LikeActivityHandler implements ICommandHandler<LikeActivityCommand> {
  constructor(private readonly activities: ActivityCommands) {}

  async execute({ issuer, payload: { activity_id, liked } }: LikeActivityCommand): Promise<{ position: number }> {
    const asker = await this.activities.askerOf(issuer, activity_id);
    const handled = await this.activities.run(LIKE_ACTIVITY, activity_id, issuer, { type: 'SetLike', liked, ...asker });
    return { position: handled.position };
  }
}
