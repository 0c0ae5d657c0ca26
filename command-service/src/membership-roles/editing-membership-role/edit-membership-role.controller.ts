import { Controller, Delete, HttpCode, Param, Put, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { editMembershipRoleRequestSchema, type CommandAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload } from '@cn/platform';
import { DELETE_MEMBERSHIP_ROLE, DeleteMembershipRoleCommand } from '../deleting-membership-role/delete-membership-role.command';
import { EDIT_MEMBERSHIP_ROLE, EditMembershipRoleCommand } from './edit-membership-role.command';

@Controller('administration/membership_roles')
export class EditMembershipRoleController {
  constructor(private readonly commands: CommandBus) {}

  @Put(':id')
  @HttpCode(200)
  @Endpoint({
    summary: 'Rename or recolour a network-wide membership role and set the members who hold it, at the revision the form was read at',
    tags: ['membership-roles'],
    auth: 'admin',
    command: EDIT_MEMBERSHIP_ROLE,
    body: editMembershipRoleRequestSchema,
    responses: { 200: commandAnswer('accepted, { position }'), 400: 'validation_failed', 401: 'unauthenticated', 403: 'forbidden', 404: 'not_found', 409: 'concurrency_conflict' },
  })
  async edit(
    @Issuer() issuer: CommandContext,
    @Param('id') id: string,
    @Payload() payload: Omit<EditMembershipRoleCommand['payload'], 'role_id'>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new EditMembershipRoleCommand(issuer, { ...payload, role_id: id }));
    return commandAccepted(res, position);
  }

  @Delete(':id')
  @HttpCode(200)
  @Endpoint({
    summary: 'Delete a network-wide membership role nobody holds any more',
    tags: ['membership-roles'],
    auth: 'admin',
    command: DELETE_MEMBERSHIP_ROLE,
    responses: { 200: commandAnswer('accepted, { position }'), 401: 'unauthenticated', 403: 'forbidden', 404: 'not_found', 409: 'membership_role_in_use' },
  })
  async remove(@Issuer() issuer: CommandContext, @Param('id') id: string, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new DeleteMembershipRoleCommand(issuer, { role_id: id }));
    return commandAccepted(res, position);
  }
}
