import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { z } from 'zod';
import type { ItemChangedAnswer, moveItemRequestSchema } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { AppCommands } from '../app-commands';

export const MOVE_ITEM = 'MoveAppItem';

/**
 * A card moves on the wall: its column property is set, it is placed after `insert_after_id`. The card's
 * revision travels with it: two members moving the same card at once get one move and one 409 (never a
 * silently lost move); moves of different cards land in the log's order.
 */
export class MoveItemCommand extends Command<ItemChangedAnswer> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: z.output<typeof moveItemRequestSchema> & { app_id: string; item_id: string },
  ) {
    super();
  }
}

@CommandHandler(MoveItemCommand)
export class MoveItemHandler implements ICommandHandler<MoveItemCommand> {
  constructor(private readonly apps: AppCommands) {}

  async execute({ issuer, payload }: MoveItemCommand): Promise<ItemChangedAnswer> {
    const viewer = await this.apps.viewer(issuer);
    const app = await this.apps.app(payload.app_id);
    const handled = await this.apps.runOnItem(
      MOVE_ITEM,
      payload.item_id,
      issuer,
      { type: 'MoveItem', app_id: payload.app_id, item_id: payload.item_id, properties: app.properties, viewer, value: payload.value, insert_after_id: payload.insert_after_id },
      payload.revision,
    );
    return { position: handled.position, revision: handled.revision };
  }
}
