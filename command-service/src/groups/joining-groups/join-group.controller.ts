import { Controller, Delete, HttpCode, Param, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import type { CommandAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer } from '@cn/platform';
import { ChangeGroupCommand } from '../group-change.command';

const tags = ['groups'];
const refusals = { 401: 'unauthenticated', 403: 'forbidden or invalid_csrf_token', 404: 'not_found (unknown, or hidden from the member)' };

/**
 * Membership as the member changes it (§4): no_member → member (open group) or in_moderation (moderated
 * or closed group), invited → member; member → no_member. Asking twice changes nothing.
 */
@Controller()
export class JoinGroupController {
  constructor(private readonly commands: CommandBus) {}

  @Post('api/v1/groups/:slug/join')
  @HttpCode(200)
  @Endpoint({
    summary: 'Join a group: at once when it is open, as a join request when it is moderated or closed, accepting an open invite',
    tags,
    auth: 'member',
    command: 'RequestMembership',
    responses: { 200: commandAnswer('accepted, { position }'), ...refusals },
  })
  async join(@Issuer() issuer: CommandContext, @Param('slug') slug: string, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new ChangeGroupCommand(issuer, { name: 'RequestMembership', slug, change: { type: 'RequestMembership' } }));
    return commandAccepted(res, position);
  }

  @Delete('api/v1/groups/:slug/join')
  @HttpCode(200)
  @Endpoint({ summary: 'Leave a group (the console asks for confirmation first)', tags, auth: 'member', command: 'LeaveMembership', responses: { 200: commandAnswer('accepted, { position }'), ...refusals, 409: 'last_admin' } })
  leave(@Issuer() issuer: CommandContext, @Param('slug') slug: string, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    return this.leaving(issuer, slug, res);
  }

  @Delete('groups/:slug/join')
  @HttpCode(200)
  @Endpoint({ summary: 'Leave a group (the group navigation\'s leave action)', tags, auth: 'member', command: 'LeaveMembership', responses: { 200: commandAnswer('accepted, { position }'), ...refusals, 409: 'last_admin' } })
  leaveFromNavigation(@Issuer() issuer: CommandContext, @Param('slug') slug: string, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    return this.leaving(issuer, slug, res);
  }

  private async leaving(issuer: CommandContext, slug: string, res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new ChangeGroupCommand(issuer, { name: 'LeaveMembership', slug, change: { type: 'LeaveMembership' } }));
    return commandAccepted(res, position);
  }
}
