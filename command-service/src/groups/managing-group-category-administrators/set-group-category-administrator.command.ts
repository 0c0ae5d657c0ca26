import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandContext } from '@cn/domain';
import { GroupCommands, type Accepted } from '../group-commands';

export const SET_GROUP_CATEGORY_ADMINISTRATOR = 'SetGroupCategoryAdministrator';

/** A network administrator names an active internal member administrator of a group category, or takes it back. */
export class SetGroupCategoryAdministratorCommand extends Command<Accepted> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: { category_id: string; member_id: string; administrator: boolean },
  ) {
    super();
  }
}

@CommandHandler(SetGroupCategoryAdministratorCommand)
export class SetGroupCategoryAdministratorHandler implements ICommandHandler<SetGroupCategoryAdministratorCommand> {
  constructor(private readonly groups: GroupCommands) {}

  async execute({ issuer, payload }: SetGroupCategoryAdministratorCommand): Promise<Accepted> {
    const { actor } = await this.groups.actor(issuer);
    const member = payload.administrator ? await this.groups.lookup.activeMember(payload.member_id) : null;
    const handled = await this.groups.runOnCategories(SET_GROUP_CATEGORY_ADMINISTRATOR, issuer, {
      type: 'SetGroupCategoryAdministrator',
      category_id: payload.category_id,
      member_id: payload.member_id,
      administrator: payload.administrator,
      member_active: member !== null && !member.roles.external,
      network_admin: actor.network_admin,
    });
    return { position: handled.position };
  }
}
