import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { z } from 'zod';
import type { ItemChangedAnswer, itemValuesRequestSchema } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { AppCommands } from '../app-commands';

export const EDIT_ITEM = 'EditAppItem';

/** A member changes some of an item's values; with `revision`, an edit on a stale item is a 409. */
export class EditItemCommand extends Command<ItemChangedAnswer> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: z.output<typeof itemValuesRequestSchema> & { app_id: string; item_id: string },
  ) {
    super();
  }
}

@CommandHandler(EditItemCommand)
export class EditItemHandler implements ICommandHandler<EditItemCommand> {
  constructor(private readonly apps: AppCommands) {}

  async execute({ issuer, payload }: EditItemCommand): Promise<ItemChangedAnswer> {
    const viewer = await this.apps.viewer(issuer);
    const app = await this.apps.app(payload.app_id);
    const values = await this.apps.values(issuer, payload.app_id, app.properties, payload.values, true, (await this.apps.itemState(payload.item_id)).values);
    const handled = await this.apps.runOnItem(
      EDIT_ITEM,
      payload.item_id,
      issuer,
      { type: 'ChangeItem', app_id: payload.app_id, item_id: payload.item_id, properties: app.properties, viewer, values, readers: await this.apps.mentionReaders(app.properties, values) },
      payload.revision,
    );
    return { position: handled.position, revision: handled.revision };
  }
}
