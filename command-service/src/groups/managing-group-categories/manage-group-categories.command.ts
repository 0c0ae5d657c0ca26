import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { z } from 'zod';
import { DEFAULT_NETWORK_ID, slugOfName, type createGroupCategorySchema, type CreatedAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { GroupCommands, type Accepted } from '../group-commands';

/** Network admins add group categories (each a directory tab) and order them. */
export class CreateGroupCategoryCommand extends Command<CreatedAccepted> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: z.output<typeof createGroupCategorySchema>,
  ) {
    super();
  }
}

export class OrderGroupCategoriesCommand extends Command<Accepted> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: { order: string[] },
  ) {
    super();
  }
}

export const CREATE_GROUP_CATEGORY = 'CreateGroupCategory';
export const ORDER_GROUP_CATEGORIES = 'OrderGroupCategories';

@CommandHandler(CreateGroupCategoryCommand)
export class CreateGroupCategoryHandler implements ICommandHandler<CreateGroupCategoryCommand> {
  constructor(private readonly groups: GroupCommands) {}

  async execute({ issuer, payload: { category } }: CreateGroupCategoryCommand): Promise<CreatedAccepted> {
    const { actor } = await this.groups.actor(issuer);
    const id = randomUUID();
    const handled = await this.groups.runOnCategories(CREATE_GROUP_CATEGORY, issuer, {
      type: 'CreateGroupCategory',
      network_id: DEFAULT_NETWORK_ID,
      category: { id, slug: slugOfName(category.plural_name), ...category },
      network_admin: actor.network_admin,
    });
    return { id, position: handled.position };
  }
}

@CommandHandler(OrderGroupCategoriesCommand)
export class OrderGroupCategoriesHandler implements ICommandHandler<OrderGroupCategoriesCommand> {
  constructor(private readonly groups: GroupCommands) {}

  async execute({ issuer, payload }: OrderGroupCategoriesCommand): Promise<Accepted> {
    const { actor } = await this.groups.actor(issuer);
    const handled = await this.groups.runOnCategories(ORDER_GROUP_CATEGORIES, issuer, {
      type: 'OrderGroupCategories',
      network_id: DEFAULT_NETWORK_ID,
      order: payload.order,
      network_admin: actor.network_admin,
    });
    return { position: handled.position };
  }
}
