import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { z } from 'zod';
import { slugify, type ChannelCreatedAccepted, type createChannelRequestSchema } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { validationProblem } from '@cn/platform';
import { ChannelCommands, channelViewerOf } from '../channel-commands';

export const CREATE_CHANNEL = 'CreateChannel';

/** A member who may create channels creates one; its slug is given or made from its title. */
export class CreateChannelCommand extends Command<ChannelCreatedAccepted> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: z.output<typeof createChannelRequestSchema>,
  ) {
    super();
  }
}

@CommandHandler(CreateChannelCommand)
export class CreateChannelHandler implements ICommandHandler<CreateChannelCommand> {
  constructor(private readonly channels: ChannelCommands) {}

  async execute({ issuer, payload: { channel } }: CreateChannelCommand): Promise<ChannelCreatedAccepted> {
    const viewer = await this.channels.viewer(issuer);
    const slug = channel.slug ?? slugify(channel.title);
    if (slug.length < 2 || slug === 'new') throw validationProblem([{ field: 'channel.slug', key: 'required' }]);
    const handled = await this.channels.run(CREATE_CHANNEL, slug, issuer, {
      type: 'CreateChannel',
      channel_id: slug,
      title: channel.title,
      description: channel.description,
      channel_status: channel.status,
      viewer: channelViewerOf(viewer),
      may_create: viewer.may_create,
    });
    return { id: slug, slug, position: handled.position };
  }
}
