import { Controller, HttpCode, Param, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import type { z } from 'zod';
import { rejectJoinRequestSchema, type CommandAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload } from '@cn/platform';
import { ChangeGroupCommand } from '../group-change.command';

const tags = ['groups'];
const refusals = { 401: 'unauthenticated', 403: 'forbidden (group and network admins only) or invalid_csrf_token', 404: 'not_found or no_join_request' };

/** A group admin answers a join request: accepted (a member at once) or rejected with a message. */
@Controller('groups/:slug/administration/join_requests/:memberId')
export class ModerateJoinRequestsController {
  constructor(private readonly commands: CommandBus) {}

  @Post('accept')
  @HttpCode(200)
  @Endpoint({ summary: 'Accept a join request', tags, auth: 'member', command: 'AcceptJoinRequest', responses: { 200: commandAnswer('accepted, { position }'), ...refusals } })
  async accept(@Issuer() issuer: CommandContext, @Param('slug') slug: string, @Param('memberId') memberId: string, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new ChangeGroupCommand(issuer, { name: 'AcceptJoinRequest', slug, change: { type: 'AcceptJoinRequest', member_id: memberId } }));
    return commandAccepted(res, position);
  }

  @Post('reject')
  @HttpCode(200)
  @Endpoint({
    summary: 'Reject a join request with a message to the member',
    tags,
    auth: 'member',
    command: 'RejectJoinRequest',
    body: rejectJoinRequestSchema,
    responses: { 200: commandAnswer('accepted, { position }'), 400: 'validation_failed (rejection_message too_long)', ...refusals },
  })
  async reject(
    @Issuer() issuer: CommandContext,
    @Param('slug') slug: string,
    @Param('memberId') memberId: string,
    @Payload() payload: z.output<typeof rejectJoinRequestSchema>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(
      new ChangeGroupCommand(issuer, { name: 'RejectJoinRequest', slug, change: { type: 'RejectJoinRequest', member_id: memberId, rejection_message: payload.rejection_message } }),
    );
    return commandAccepted(res, position);
  }
}
