import { Controller, Delete, HttpCode, Param, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { commandAcceptedSchema } from '@cn/contracts';
import { commandAccepted, commandAnswer, Endpoint, Issuer } from '@cn/platform';
import type { CommandContext } from '@cn/domain';
import { z } from 'zod';
import { FOLLOW_MEMBER, FollowMemberCommand } from './follow-member.command';

/** the answer of both: accepted, with whether the member is now followed */
const FOLLOW_ANSWER = commandAcceptedSchema.extend({ following: z.boolean() });

const refusals = { 401: 'unauthenticated', 404: 'not_found (unknown or erased member)', 422: 'cannot_follow_self' };

/** `POST` follows the member of the path, `DELETE` stops following them; both idempotent. */
@Controller('api/v1/members/:id/follow')
export class FollowMemberController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(200)
  @Endpoint({ summary: 'Follow a member (idempotent)', tags: ['members'], auth: 'member', command: FOLLOW_MEMBER, responses: { 200: commandAnswer('accepted, { following, position }', FOLLOW_ANSWER), ...refusals } })
  async follow(@Issuer() issuer: CommandContext, @Param('id') id: string, @Res({ passthrough: true }) res: Response): Promise<{ following: boolean; position: number }> {
    const { position, following } = await this.commands.execute(new FollowMemberCommand(issuer, { followed_member_id: id, follow: true }));
    return { ...commandAccepted(res, position), following };
  }

  @Delete()
  @HttpCode(200)
  @Endpoint({ summary: 'Stop following a member (idempotent)', tags: ['members'], auth: 'member', command: FOLLOW_MEMBER, responses: { 200: commandAnswer('accepted, { following, position }', FOLLOW_ANSWER), ...refusals } })
  async unfollow(@Issuer() issuer: CommandContext, @Param('id') id: string, @Res({ passthrough: true }) res: Response): Promise<{ following: boolean; position: number }> {
    const { position, following } = await this.commands.execute(new FollowMemberCommand(issuer, { followed_member_id: id, follow: false }));
    return { ...commandAccepted(res, position), following };
  }
}
