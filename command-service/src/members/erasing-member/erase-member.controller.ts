import { Controller, Delete, HttpCode, Param, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import type { CommandAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer } from '@cn/platform';
import { ERASE_MEMBER, EraseMemberCommand } from './erase-member.command';

@Controller('administration/members')
export class EraseMemberController {
  constructor(private readonly commands: CommandBus) {}

  @Delete(':id')
  @HttpCode(200)
  @Endpoint({
    summary: "Erase a member: MemberErased, then the member's key is destroyed (their personal data reads as the fallback)",
    tags: ['members'],
    auth: 'admin',
    command: ERASE_MEMBER,
    responses: { 200: commandAnswer('accepted, { position }'), 401: 'unauthenticated', 403: 'forbidden', 404: 'not_found', 422: 'cannot_erase_self' },
  })
  async erase(@Issuer() issuer: CommandContext, @Param('id') id: string, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new EraseMemberCommand(issuer, { member_id: id }));
    return commandAccepted(res, position);
  }
}
