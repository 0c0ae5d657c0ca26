import { Controller, Delete, HttpCode, Param, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { likeAcceptedSchema, type LikeAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer } from '@cn/platform';
import { LIKE_ACTIVITY, LikeActivityCommand } from './like-activity.command';

const tags = ['activities'];
const refusals = { 401: 'unauthenticated', 403: 'invalid_csrf_token', 404: 'not_found (a post the member may not see) or activity_deleted' };
const answer = commandAnswer('accepted (also when it already was so), { position, liked }', likeAcceptedSchema);

@Controller('api/v1/activities/:id/like')
export class LikeActivityController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(200)
  @Endpoint({ summary: 'Like a post (idempotent)', tags, auth: 'member', command: LIKE_ACTIVITY, responses: { 200: answer, ...refusals } })
  like(@Issuer() issuer: CommandContext, @Param('id') id: string, @Res({ passthrough: true }) res: Response): Promise<LikeAccepted> {
    return this.set(issuer, id, true, res);
  }

  @Delete()
  @HttpCode(200)
  @Endpoint({ summary: 'Take back a like (idempotent)', tags, auth: 'member', command: LIKE_ACTIVITY, responses: { 200: answer, ...refusals } })
  unlike(@Issuer() issuer: CommandContext, @Param('id') id: string, @Res({ passthrough: true }) res: Response): Promise<LikeAccepted> {
    return this.set(issuer, id, false, res);
  }

  private async set(issuer: CommandContext, id: string, liked: boolean, res: Response): Promise<LikeAccepted> {
    const { position } = await this.commands.execute(new LikeActivityCommand(issuer, { activity_id: id, liked }));
    return { ...commandAccepted(res, position), liked };
  }
}
