import { z } from 'zod';
import { Controller, Delete, HttpCode, Param, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { commandAcceptedSchema } from '@cn/contracts';
import { commandAccepted, commandAnswer, Endpoint, Issuer } from '@cn/platform';
import type { CommandContext } from '@cn/domain';
import { IGNORE_MEMBER, IgnoreMemberCommand } from './ignore-member.command';

/** the answer of both: accepted, with whether the member is now ignored */
const IGNORE_ANSWER = commandAcceptedSchema.extend({ ignored: z.boolean() });

const refusals = { 401: 'unauthenticated', 404: 'not_found', 422: 'cannot_ignore_self' };

/** `POST` ignores the member of the path, `DELETE` stops ignoring them; both idempotent. */
@Controller('api/v1/members/:id/ignore')
export class IgnoreMemberController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(200)
  @Endpoint({ summary: 'Ignore a member (idempotent)', tags: ['members'], auth: 'member', command: IGNORE_MEMBER, responses: { 200: commandAnswer('accepted, { ignored, position }', IGNORE_ANSWER), ...refusals } })
  async ignore(@Issuer() issuer: CommandContext, @Param('id') id: string, @Res({ passthrough: true }) res: Response): Promise<{ ignored: boolean; position: number }> {
    const { position, ignored } = await this.commands.execute(new IgnoreMemberCommand(issuer, { ignored_member_id: id, ignore: true }));
    return { ...commandAccepted(res, position), ignored };
  }

  @Delete()
  @HttpCode(200)
  @Endpoint({ summary: 'Stop ignoring a member (idempotent)', tags: ['members'], auth: 'member', command: IGNORE_MEMBER, responses: { 200: commandAnswer('accepted, { ignored, position }', IGNORE_ANSWER), ...refusals } })
  async unignore(@Issuer() issuer: CommandContext, @Param('id') id: string, @Res({ passthrough: true }) res: Response): Promise<{ ignored: boolean; position: number }> {
    const { position, ignored } = await this.commands.execute(new IgnoreMemberCommand(issuer, { ignored_member_id: id, ignore: false }));
    return { ...commandAccepted(res, position), ignored };
  }
}
