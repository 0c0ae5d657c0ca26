import { Controller, HttpCode, Param, Put, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import type { z } from 'zod';
import { updateMemberProfileRequestSchema, type CommandAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload } from '@cn/platform';
import { UPDATE_MEMBER_PROFILE, UpdateMemberProfileCommand } from './update-profile.command';

@Controller('members')
export class UpdateMemberProfileController {
  constructor(private readonly commands: CommandBus) {}

  @Put(':id')
  @HttpCode(200)
  @Endpoint({
    summary: "Edit a member's profile (names, birthday, show my age): the member themself or a network administrator; only the fields sent change",
    tags: ['members'],
    auth: 'member',
    command: UPDATE_MEMBER_PROFILE,
    body: updateMemberProfileRequestSchema,
    responses: { 200: commandAnswer('accepted, { position }'), 400: 'validation_failed (required, too_long, invalid_format)', 401: 'unauthenticated', 403: 'forbidden', 404: 'not_found' },
  })
  async update(
    @Issuer() issuer: CommandContext,
    @Param('id') id: string,
    @Payload() payload: z.output<typeof updateMemberProfileRequestSchema>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new UpdateMemberProfileCommand(issuer, { ...payload, member_id: id }));
    return commandAccepted(res, position);
  }
}
