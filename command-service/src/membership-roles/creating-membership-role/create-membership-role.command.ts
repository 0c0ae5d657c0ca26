import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { z } from 'zod';
import type { createMembershipRoleRequestSchema, CreatedAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { MembershipRoles } from '../membership-roles.command';

export const CREATE_MEMBERSHIP_ROLE = 'CreateMembershipRole';

export class CreateMembershipRoleCommand extends Command<CreatedAccepted> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: z.output<typeof createMembershipRoleRequestSchema>,
  ) {
    super();
  }
}

@CommandHandler(CreateMembershipRoleCommand)
export class CreateMembershipRoleHandler implements ICommandHandler<CreateMembershipRoleCommand> {
  constructor(private readonly roles: MembershipRoles) {}

  async execute({ issuer, payload }: CreateMembershipRoleCommand): Promise<CreatedAccepted> {
    await this.roles.assertMembers(payload.member_ids);
    const id = randomUUID();
    const { position } = await this.roles.run(CREATE_MEMBERSHIP_ROLE, issuer, { type: 'CreateNetworkMembershipRole', role_id: id, ...payload }, undefined);
    return { id, position };
  }
}
