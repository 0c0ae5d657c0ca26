import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { z } from 'zod';
import type { ItemCreatedAnswer, itemValuesRequestSchema } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { AppCommands } from '../app-commands';

export const CREATE_ITEM = 'CreateAppItem';

/** A member creates an item through the form generated from the app's definitions. */
export class CreateItemCommand extends Command<ItemCreatedAnswer> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: z.output<typeof itemValuesRequestSchema> & { app_id: string },
  ) {
    super();
  }
}

@CommandHandler(CreateItemCommand)
export class CreateItemHandler implements ICommandHandler<CreateItemCommand> {
  constructor(private readonly apps: AppCommands) {}

  async execute({ issuer, payload }: CreateItemCommand): Promise<ItemCreatedAnswer> {
    const viewer = await this.apps.viewer(issuer);
    const app = await this.apps.app(payload.app_id);
    const values = await this.apps.values(issuer, app.properties, payload.values, false);
    const itemId = randomUUID();
    const handled = await this.apps.runOnItem(CREATE_ITEM, itemId, issuer, { type: 'CreateItem', app_id: payload.app_id, item_id: itemId, properties: app.properties, viewer, values }, 'no_stream');
    return { id: itemId, position: handled.position, revision: handled.revision };
  }
}
