import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { z } from 'zod';
import type { updateChannelDesignRequestSchema, updateChannelLayoutRequestSchema, updateChannelRequestSchema } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import type { ChannelCommand } from '../channel.decider';
import { ChannelCommands, channelViewerOf } from '../channel-commands';

/** What changes of a channel itself: its fields (PUT /channels/{slug}), its design, its layout. */
export type ChannelEdit =
  | ({ action: 'update' } & z.output<typeof updateChannelRequestSchema>)
  | ({ action: 'design' } & z.output<typeof updateChannelDesignRequestSchema>)
  | ({ action: 'layout' } & z.output<typeof updateChannelLayoutRequestSchema>);

/** the command name of each edit, for cn_commands_total */
export const CHANNEL_EDITS = { update: 'UpdateChannel', design: 'ChangeChannelDesign', layout: 'ChangeChannelLayout' } as const;

export class EditChannelCommand extends Command<{ position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: { slug: string; edit: ChannelEdit },
  ) {
    super();
  }
}

@CommandHandler(EditChannelCommand)
export class EditChannelHandler implements ICommandHandler<EditChannelCommand> {
  constructor(private readonly channels: ChannelCommands) {}

  async execute({ issuer, payload: { slug, edit } }: EditChannelCommand): Promise<{ position: number }> {
    const viewer = channelViewerOf(await this.channels.viewer(issuer));
    const command: ChannelCommand =
      edit.action === 'update'
        ? { type: 'UpdateChannel', title: edit.channel.title, description: edit.channel.description, channel_status: edit.channel.status, viewer }
        : edit.action === 'design'
          ? { type: 'ChangeChannelDesign', design: edit.design, viewer }
          : { type: 'ChangeChannelLayout', rows: edit.rows, viewer };
    const handled = await this.channels.run(CHANNEL_EDITS[edit.action], slug, issuer, command);
    return { position: handled.position };
  }
}
