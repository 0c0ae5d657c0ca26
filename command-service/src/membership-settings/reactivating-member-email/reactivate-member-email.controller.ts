import { Controller, HttpCode, Param, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import type { CommandAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer } from '@cn/platform';
import { REACTIVATE_MEMBER_EMAIL, ReactivateMemberEmailCommand } from './reactivate-member-email.command';

@Controller('members')
export class ReactivateMemberEmailController {
  constructor(private readonly commands: CommandBus) {}

  @Post(':id/email/reactivate')
  @HttpCode(200)
  @Endpoint({
    summary: "Activate a bounce-listed address again (id 'me', the member's own id, or any member's for a network administrator): mails go out to it again",
    tags: ['membership-settings'],
    auth: 'member',
    command: REACTIVATE_MEMBER_EMAIL,
    responses: {
      200: commandAnswer('accepted, { position }'),
      401: 'unauthenticated',
      403: "forbidden (another member's address, for anyone but a network administrator)",
      409: 'not_bounced (the address is not bounce-listed: nothing appended); concurrency_conflict',
    },
  })
  async handle(@Issuer() issuer: CommandContext, @Param('id') id: string, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const memberId = id === 'me' && issuer.memberId ? issuer.memberId : id;
    const { position } = await this.commands.execute(new ReactivateMemberEmailCommand(issuer, { member_id: memberId }));
    return commandAccepted(res, position);
  }
}
