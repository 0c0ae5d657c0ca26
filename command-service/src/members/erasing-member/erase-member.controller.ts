import { Controller, Delete, HttpCode, Param, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import type { CommandAccepted } from '@cn/contracts';
import { commandAccepted, Ctx, openApi, commandAnswer, type RequestContext } from '@cn/platform';
import { EraseMemberCommand } from './erase-member.command';

openApi.route({
  method: 'delete',
  path: '/administration/members/{id}',
  summary: "Erase a member: MemberErased, then the member's key is destroyed (their personal data reads as the fallback)",
  tags: ['members'],
  auth: 'admin',
  responses: { 200: commandAnswer('accepted, { position }'), 401: 'unauthenticated', 403: 'forbidden', 404: 'not_found', 422: 'cannot_erase_self' },
});

@Controller('administration/members')
export class EraseMemberController {
  constructor(private readonly commands: CommandBus) {}

  @Delete(':id')
  @HttpCode(200)
  async erase(@Param('id') id: string, @Ctx() ctx: RequestContext, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new EraseMemberCommand(id, ctx));
    return commandAccepted(res, position);
  }
}
