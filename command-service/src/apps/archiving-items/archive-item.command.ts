import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { ItemChangedAnswer } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { AppCommands } from '../app-commands';

export const ARCHIVE_ITEM = 'ArchiveAppItem';

/** The author or a network admin archives an item (it leaves the wall for the archive) or restores it. */
export class ArchiveItemCommand extends Command<ItemChangedAnswer> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: { app_id: string; item_id: string; archived: boolean },
  ) {
    super();
  }
}

@CommandHandler(ArchiveItemCommand)
export class ArchiveItemHandler implements ICommandHandler<ArchiveItemCommand> {
  constructor(private readonly apps: AppCommands) {}

  async execute({ issuer, payload }: ArchiveItemCommand): Promise<ItemChangedAnswer> {
    const viewer = await this.apps.viewer(issuer);
    const app = await this.apps.app(payload.app_id);
    const handled = await this.apps.runOnItem(ARCHIVE_ITEM, payload.item_id, issuer, { type: 'ArchiveItem', ...payload, properties: app.properties, viewer });
    return { position: handled.position, revision: handled.revision };
  }
}
