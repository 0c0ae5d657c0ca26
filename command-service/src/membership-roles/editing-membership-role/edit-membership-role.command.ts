import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { z } from 'zod';
import type { editMembershipRoleRequestSchema } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { MembershipRoles } from '../membership-roles.command';

export const EDIT_MEMBERSHIP_ROLE = 'EditMembershipRole';

export class EditMembershipRoleCommand extends Command<{ position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: z.output<typeof editMembershipRoleRequestSchema> & { role_id: string },
  ) {
    super();
  }
}

/** Renames or recolours the role and sets who holds it, at the revision the form was read at. */
@CommandHandler(EditMembershipRoleCommand)
export class EditMembershipRoleHandler implements ICommandHandler<EditMembershipRoleCommand> {
  constructor(private readonly roles: MembershipRoles) {}

  async execute({ issuer, payload }: EditMembershipRoleCommand): Promise<{ position: number }> {
    const { revision, ...fields } = payload;
    await this.roles.assertMembers(fields.member_ids);
    return this.roles.run(EDIT_MEMBERSHIP_ROLE, issuer, { type: 'EditMembershipRole', ...fields }, revision);
  }
}
