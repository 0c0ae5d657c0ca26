import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { WidgetFields } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { ChannelCommands, channelViewerOf } from '../channel-commands';

/** Adding (widget_id null), changing or removing (widget null) one widget of a channel. */
export class ManageWidgetCommand extends Command<{ id: string; position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: { slug: string; widget_id: string | null; widget: WidgetFields | null },
  ) {
    super();
  }
}

export const WIDGET_COMMANDS = { add: 'AddWidget', update: 'UpdateWidget', remove: 'RemoveWidget' } as const;

@CommandHandler(ManageWidgetCommand)
export class ManageWidgetHandler implements ICommandHandler<ManageWidgetCommand> {
  constructor(private readonly channels: ChannelCommands) {}

  async execute({ issuer, payload: { slug, widget_id, widget } }: ManageWidgetCommand): Promise<{ id: string; position: number }> {
    const viewer = channelViewerOf(await this.channels.viewer(issuer));
    if (widget?.type === 'people') await this.channels.requireMembers(widget.member_ids, 'widget.member_ids');
    if (widget === null) {
      const id = widget_id ?? '';
      const handled = await this.channels.run(WIDGET_COMMANDS.remove, slug, issuer, { type: 'RemoveWidget', widget_id: id, viewer });
      return { id, position: handled.position };
    }
    const id = widget_id ?? randomUUID();
    const name = widget_id === null ? WIDGET_COMMANDS.add : WIDGET_COMMANDS.update;
    const handled = await this.channels.run(name, slug, issuer, { type: widget_id === null ? 'AddWidget' : 'UpdateWidget', widget: { ...widget, id }, viewer });
    return { id, position: handled.position };
  }
}
