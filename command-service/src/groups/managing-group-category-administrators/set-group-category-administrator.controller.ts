import { Controller, Delete, HttpCode, Param, Put, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import type { CommandAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer } from '@cn/platform';
import { SET_GROUP_CATEGORY_ADMINISTRATOR, SetGroupCategoryAdministratorCommand } from './set-group-category-administrator.command';

const tags = ['groups'];
const refusals = { 200: commandAnswer('accepted, { position }'), 401: 'unauthenticated', 403: 'forbidden (network administrators only)', 404: 'not_found (the category)' };

/** Network administrators name a group category's administrators (PUT, idempotent) and take the rights back (DELETE). */
@Controller('administration/group-categories/:categoryId/administrators/:memberId')
export class SetGroupCategoryAdministratorController {
  constructor(private readonly commands: CommandBus) {}

  private async set(issuer: CommandContext, categoryId: string, memberId: string, administrator: boolean, res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new SetGroupCategoryAdministratorCommand(issuer, { category_id: categoryId, member_id: memberId, administrator }));
    return commandAccepted(res, position);
  }

  @Put()
  @HttpCode(200)
  @Endpoint({
    summary: 'Make a member an administrator of a group category (its designs, navigation and statistics; idempotent)',
    tags,
    auth: 'admin',
    command: SET_GROUP_CATEGORY_ADMINISTRATOR,
    responses: { ...refusals, 400: 'validation_failed (member_id: not_found, for an unknown, erased, locked or external member)' },
  })
  add(@Issuer() issuer: CommandContext, @Param('categoryId') categoryId: string, @Param('memberId') memberId: string, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    return this.set(issuer, categoryId, memberId, true, res);
  }

  @Delete()
  @HttpCode(200)
  @Endpoint({ summary: "Take a member's administration of a group category back (idempotent)", tags, auth: 'admin', command: SET_GROUP_CATEGORY_ADMINISTRATOR, responses: refusals })
  remove(@Issuer() issuer: CommandContext, @Param('categoryId') categoryId: string, @Param('memberId') memberId: string, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    return this.set(issuer, categoryId, memberId, false, res);
  }
}
