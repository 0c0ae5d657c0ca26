import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandContext } from '@cn/domain';
import { MembershipRoles } from '../membership-roles.command';

export const DELETE_MEMBERSHIP_ROLE = 'DeleteMembershipRole';

export class DeleteMembershipRoleCommand extends Command<{ position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: { role_id: string },
  ) {
    super();
  }
}

/** Deletes a role nobody holds (409 membership_role_in_use otherwise). */
@CommandHandler(DeleteMembershipRoleCommand)
export class DeleteMembershipRoleHandler implements ICommandHandler<DeleteMembershipRoleCommand> {
  constructor(private readonly roles: MembershipRoles) {}

  execute({ issuer, payload }: DeleteMembershipRoleCommand): Promise<{ position: number }> {
    return this.roles.run(DELETE_MEMBERSHIP_ROLE, issuer, { type: 'DeleteMembershipRole', role_id: payload.role_id });
  }
}
