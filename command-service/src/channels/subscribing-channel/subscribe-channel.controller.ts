import { Controller, Delete, HttpCode, Param, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { favoriteAcceptedSchema, subscriptionAcceptedSchema, type FavoriteAccepted, type SubscriptionAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer } from '@cn/platform';
import { CHANNEL_MARKS, SetChannelMarkCommand } from './subscribe-channel.command';

const tags = ['channels'];
const refusals = { 401: 'unauthenticated', 403: 'invalid_csrf_token', 404: 'not_found (also a draft or archived channel the member cannot update)' };
const subscription = commandAnswer('accepted (also when it already was so), { position, subscribed }', subscriptionAcceptedSchema);
const favorite = commandAnswer('accepted (also when it already was so), { position, favorited }', favoriteAcceptedSchema);

@Controller('channels/:slug')
export class SubscribeChannelController {
  constructor(private readonly commands: CommandBus) {}

  @Post('subscribe')
  @HttpCode(200)
  @Endpoint({ summary: 'Subscribe the signed-in member to a channel (idempotent)', tags, auth: 'member', command: CHANNEL_MARKS.subscription, responses: { 200: subscription, ...refusals } })
  subscribe(@Issuer() issuer: CommandContext, @Param('slug') slug: string, @Res({ passthrough: true }) res: Response): Promise<SubscriptionAccepted> {
    return this.subscription(issuer, slug, true, res);
  }

  @Post('unsubscribe')
  @HttpCode(200)
  @Endpoint({ summary: 'Unsubscribe the signed-in member from a channel (idempotent)', tags, auth: 'member', command: CHANNEL_MARKS.subscription, responses: { 200: subscription, ...refusals } })
  unsubscribe(@Issuer() issuer: CommandContext, @Param('slug') slug: string, @Res({ passthrough: true }) res: Response): Promise<SubscriptionAccepted> {
    return this.subscription(issuer, slug, false, res);
  }

  @Post('favorite')
  @HttpCode(200)
  @Endpoint({ summary: 'Star a channel for the signed-in member (idempotent)', tags, auth: 'member', command: CHANNEL_MARKS.favorite, responses: { 200: favorite, ...refusals } })
  star(@Issuer() issuer: CommandContext, @Param('slug') slug: string, @Res({ passthrough: true }) res: Response): Promise<FavoriteAccepted> {
    return this.favorite(issuer, slug, true, res);
  }

  @Delete('favorite')
  @HttpCode(200)
  @Endpoint({ summary: 'Unstar a channel for the signed-in member (idempotent)', tags, auth: 'member', command: CHANNEL_MARKS.favorite, responses: { 200: favorite, ...refusals } })
  unstar(@Issuer() issuer: CommandContext, @Param('slug') slug: string, @Res({ passthrough: true }) res: Response): Promise<FavoriteAccepted> {
    return this.favorite(issuer, slug, false, res);
  }

  private async subscription(issuer: CommandContext, slug: string, on: boolean, res: Response): Promise<SubscriptionAccepted> {
    const { position } = await this.commands.execute(new SetChannelMarkCommand(issuer, { slug: slug.toLowerCase(), mark: 'subscription', on }));
    return { ...commandAccepted(res, position), subscribed: on };
  }

  private async favorite(issuer: CommandContext, slug: string, on: boolean, res: Response): Promise<FavoriteAccepted> {
    const { position } = await this.commands.execute(new SetChannelMarkCommand(issuer, { slug: slug.toLowerCase(), mark: 'favorite', on }));
    return { ...commandAccepted(res, position), favorited: on };
  }
}
