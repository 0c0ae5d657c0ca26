import { Controller, Delete, HttpCode, Param, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { favoriteAnswerSchema, subscriptionAnswerSchema } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer } from '@cn/platform';
import { ChangeGroupCommand } from '../group-change.command';

const tags = ['groups'];
const refusals = { 401: 'unauthenticated', 403: 'forbidden (members of the group only) or invalid_csrf_token', 404: 'not_found' };
type Favorite = { favorited: boolean; position: number };
type Subscription = { subscription_status: 'subscribed' | 'unsubscribed'; position: number };

/** Favourite (first in the navigation) and subscription (the group's notifications), per member; both idempotent. */
@Controller()
export class FollowGroupController {
  constructor(private readonly commands: CommandBus) {}

  private async favorite(issuer: CommandContext, slug: string, favorited: boolean, res: Response): Promise<Favorite> {
    const { position } = await this.commands.execute(new ChangeGroupCommand(issuer, { name: 'SetGroupFavorite', slug, change: { type: 'SetFavorite', favorited } }));
    return { favorited, ...commandAccepted(res, position) };
  }

  private async subscription(issuer: CommandContext, slug: string, subscribed: boolean, res: Response): Promise<Subscription> {
    const { position } = await this.commands.execute(new ChangeGroupCommand(issuer, { name: 'SetGroupSubscription', slug, change: { type: 'SetSubscription', subscribed } }));
    return { subscription_status: subscribed ? 'subscribed' : 'unsubscribed', ...commandAccepted(res, position) };
  }

  @Post('api/v1/groups/:slug/favorite')
  @HttpCode(200)
  @Endpoint({ summary: 'Mark a group as favourite', tags, auth: 'member', command: 'SetGroupFavorite', responses: { 200: commandAnswer('{ favorited, position }', favoriteAnswerSchema), ...refusals } })
  addFavorite(@Issuer() issuer: CommandContext, @Param('slug') slug: string, @Res({ passthrough: true }) res: Response): Promise<Favorite> {
    return this.favorite(issuer, slug, true, res);
  }

  @Delete('api/v1/groups/:slug/favorite')
  @HttpCode(200)
  @Endpoint({ summary: 'Unmark a favourite group', tags, auth: 'member', command: 'SetGroupFavorite', responses: { 200: commandAnswer('{ favorited, position }', favoriteAnswerSchema), ...refusals } })
  removeFavorite(@Issuer() issuer: CommandContext, @Param('slug') slug: string, @Res({ passthrough: true }) res: Response): Promise<Favorite> {
    return this.favorite(issuer, slug, false, res);
  }

  @Post('groups/:slug/subscribe')
  @HttpCode(200)
  @Endpoint({ summary: "Subscribe to a group's notifications", tags, auth: 'member', command: 'SetGroupSubscription', responses: { 200: commandAnswer('{ subscription_status, position }', subscriptionAnswerSchema), ...refusals } })
  subscribe(@Issuer() issuer: CommandContext, @Param('slug') slug: string, @Res({ passthrough: true }) res: Response): Promise<Subscription> {
    return this.subscription(issuer, slug, true, res);
  }

  @Delete('groups/:slug/subscribe')
  @HttpCode(200)
  @Endpoint({ summary: "Unsubscribe from a group's notifications", tags, auth: 'member', command: 'SetGroupSubscription', responses: { 200: commandAnswer('{ subscription_status, position }', subscriptionAnswerSchema), ...refusals } })
  unsubscribe(@Issuer() issuer: CommandContext, @Param('slug') slug: string, @Res({ passthrough: true }) res: Response): Promise<Subscription> {
    return this.subscription(issuer, slug, false, res);
  }

  @Post('api/v1/groups/:slug/subscribe')
  @HttpCode(200)
  @Endpoint({ summary: "Subscribe to a group's notifications (API path)", tags, auth: 'member', command: 'SetGroupSubscription', responses: { 200: commandAnswer('{ subscription_status, position }', subscriptionAnswerSchema), ...refusals } })
  subscribeApi(@Issuer() issuer: CommandContext, @Param('slug') slug: string, @Res({ passthrough: true }) res: Response): Promise<Subscription> {
    return this.subscription(issuer, slug, true, res);
  }

  @Delete('api/v1/groups/:slug/subscribe')
  @HttpCode(200)
  @Endpoint({ summary: "Unsubscribe from a group's notifications (API path)", tags, auth: 'member', command: 'SetGroupSubscription', responses: { 200: commandAnswer('{ subscription_status, position }', subscriptionAnswerSchema), ...refusals } })
  unsubscribeApi(@Issuer() issuer: CommandContext, @Param('slug') slug: string, @Res({ passthrough: true }) res: Response): Promise<Subscription> {
    return this.subscription(issuer, slug, false, res);
  }
}
