import { Controller, Delete, HttpCode, Param, Put, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import type { CommandAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer } from '@cn/platform';
import { ChangeGroupCommand } from '../group-change.command';

const tags = ['groups'];
const refusals = { 401: 'unauthenticated', 403: 'forbidden (group and network admins only)', 404: 'not_found or not_a_member' };

/** A group admin makes a member of the group admin, or takes the rights back (never the last admin's: 409 last_admin). */
@Controller('groups/:slug/administration/admins/:memberId')
export class ManageGroupAdminsController {
  constructor(private readonly commands: CommandBus) {}

  @Put()
  @HttpCode(200)
  @Endpoint({ summary: 'Make a member of the group admin (idempotent)', tags, auth: 'member', command: 'SetGroupAdmin', responses: { 200: commandAnswer('accepted, { position }'), ...refusals } })
  async promote(@Issuer() issuer: CommandContext, @Param('slug') slug: string, @Param('memberId') memberId: string, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new ChangeGroupCommand(issuer, { name: 'SetGroupAdmin', slug, change: { type: 'SetGroupAdmin', member_id: memberId, admin: true } }));
    return commandAccepted(res, position);
  }

  @Delete()
  @HttpCode(200)
  @Endpoint({
    summary: "Take a member's admin rights for the group back (idempotent)",
    tags,
    auth: 'member',
    command: 'SetGroupAdmin',
    responses: { 200: commandAnswer('accepted, { position }'), ...refusals, 409: 'last_admin' },
  })
  async demote(@Issuer() issuer: CommandContext, @Param('slug') slug: string, @Param('memberId') memberId: string, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new ChangeGroupCommand(issuer, { name: 'SetGroupAdmin', slug, change: { type: 'SetGroupAdmin', member_id: memberId, admin: false } }));
    return commandAccepted(res, position);
  }
}
