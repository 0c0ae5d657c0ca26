import { Controller, Delete, HttpCode, Param, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { streamSubscriptionAnswerSchema, type StreamSubscriptionAnswer } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer } from '@cn/platform';
import { SET_STREAM_SUBSCRIPTION, SubscribeStreamCommand } from './subscribe-stream.command';

const tags = ['activities'];
const answer = commandAnswer('accepted (also when it already was so), { subscribed, position }', streamSubscriptionAnswerSchema);
const refusals = { 401: 'unauthenticated', 403: 'invalid_csrf_token', 404: "not_found ('all', an unknown stream, or one the member may not see)" };

/** The spec's toggle per stream (§7: POST, DELETE /activitystreams/{slug}/subscribe): whether 'all' gathers it. */
@Controller()
export class SubscribeStreamController {
  constructor(private readonly commands: CommandBus) {}

  @Post('activitystreams/:slug/subscribe')
  @HttpCode(200)
  @Endpoint({ summary: "Subscribe a stream ('network' or a group's slug): 'all' gathers it again", tags, auth: 'member', command: SET_STREAM_SUBSCRIPTION, responses: { 200: answer, ...refusals } })
  subscribe(@Issuer() issuer: CommandContext, @Param('slug') slug: string, @Res({ passthrough: true }) res: Response): Promise<StreamSubscriptionAnswer> {
    return this.set(issuer, slug, true, res);
  }

  @Delete('activitystreams/:slug/subscribe')
  @HttpCode(200)
  @Endpoint({ summary: "Unsubscribe a stream: 'all' leaves it out (its own page stays; own posts, followed members' and mentions still reach 'all')", tags, auth: 'member', command: SET_STREAM_SUBSCRIPTION, responses: { 200: answer, ...refusals } })
  unsubscribe(@Issuer() issuer: CommandContext, @Param('slug') slug: string, @Res({ passthrough: true }) res: Response): Promise<StreamSubscriptionAnswer> {
    return this.set(issuer, slug, false, res);
  }

  private async set(issuer: CommandContext, slug: string, subscribed: boolean, res: Response): Promise<StreamSubscriptionAnswer> {
    const { position } = await this.commands.execute(new SubscribeStreamCommand(issuer, { slug: slug.toLowerCase(), subscribed }));
    return { subscribed, ...commandAccepted(res, position) };
  }
}
