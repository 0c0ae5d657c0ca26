import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandContext } from '@cn/domain';
import { ChannelCommands, channelViewerOf } from '../channel-commands';

/** The signed-in member subscribes or unsubscribes, stars or unstars; asking twice changes nothing. */
export class SetChannelMarkCommand extends Command<{ position: number; on: boolean }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: { slug: string; mark: 'subscription' | 'favorite'; on: boolean },
  ) {
    super();
  }
}

export const CHANNEL_MARKS = { subscription: 'SetChannelSubscription', favorite: 'SetChannelFavorite' } as const;

@CommandHandler(SetChannelMarkCommand)
export class SetChannelMarkHandler implements ICommandHandler<SetChannelMarkCommand> {
  constructor(private readonly channels: ChannelCommands) {}

  async execute({ issuer, payload: { slug, mark, on } }: SetChannelMarkCommand): Promise<{ position: number; on: boolean }> {
    const viewer = channelViewerOf(await this.channels.viewer(issuer));
    const handled = await this.channels.run(
      CHANNEL_MARKS[mark],
      slug,
      issuer,
      mark === 'subscription' ? { type: 'SetSubscription', subscribed: on, viewer } : { type: 'SetFavorite', favorited: on, viewer },
    );
    return { position: handled.position, on };
  }
}
