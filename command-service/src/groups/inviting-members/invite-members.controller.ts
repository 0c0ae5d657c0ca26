import { Controller, HttpCode, Param, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import type { z } from 'zod';
import { batchRenewInvitesSchema, batchRevokeInvitesSchema, membershipInvitesRequestSchema, type CommandAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload } from '@cn/platform';
import { ChangeGroupCommand } from '../group-change.command';
import { BATCH_INVITES, BatchInvitesCommand, INVITE_MEMBERS, InviteMembersCommand } from './invite-members.command';

const tags = ['groups'];
const accepted = commandAnswer('accepted, { position }');

/** Membership invites: sent to members, answered by them, revoked or renewed in batches by their authors and the group's admins. */
@Controller()
export class InviteMembersController {
  constructor(private readonly commands: CommandBus) {}

  @Post('groups/:slug/membership_invites')
  @HttpCode(200)
  @Endpoint({
    summary: 'Invite members to a group (members and those already invited are left out)',
    tags,
    auth: 'member',
    command: INVITE_MEMBERS,
    body: membershipInvitesRequestSchema,
    responses: { 200: accepted, 400: 'validation_failed (membership_ids: selection_required, unknown_member)', 401: 'unauthenticated', 403: 'forbidden', 404: 'not_found' },
  })
  async invite(
    @Issuer() issuer: CommandContext,
    @Param('slug') slug: string,
    @Payload() payload: z.output<typeof membershipInvitesRequestSchema>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new InviteMembersCommand(issuer, { slug, ...payload }));
    return commandAccepted(res, position);
  }

  @Post('api/v1/group_invites/:id/accept')
  @HttpCode(200)
  @Endpoint({ summary: 'Accept a group invite: a member of the group at once', tags, auth: 'member', command: 'AnswerGroupInvite', responses: { 200: accepted, 401: 'unauthenticated', 404: 'not_found (not your invite)', 409: 'invite_not_open', 422: 'group_archived' } })
  accept(@Issuer() issuer: CommandContext, @Param('id') id: string, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    return this.answer(issuer, id, true, res);
  }

  @Post('api/v1/group_invites/:id/decline')
  @HttpCode(200)
  @Endpoint({ summary: 'Decline a group invite', tags, auth: 'member', command: 'AnswerGroupInvite', responses: { 200: accepted, 401: 'unauthenticated', 404: 'not_found (not your invite)', 409: 'invite_not_open' } })
  decline(@Issuer() issuer: CommandContext, @Param('id') id: string, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    return this.answer(issuer, id, false, res);
  }

  @Post('batch_invites/revoke')
  @HttpCode(200)
  @Endpoint({
    summary: 'Revoke invites (only if every selected invite is open)',
    tags,
    auth: 'member',
    command: BATCH_INVITES.revoke,
    body: batchRevokeInvitesSchema,
    responses: { 200: accepted, 400: 'validation_failed (invite_ids)', 401: 'unauthenticated', 403: 'forbidden', 404: 'not_found', 422: 'not_revokable' },
  })
  async revoke(@Issuer() issuer: CommandContext, @Payload() payload: z.output<typeof batchRevokeInvitesSchema>, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new BatchInvitesCommand(issuer, { action: 'revoke', invite_ids: payload.invite_ids, body: '' }));
    return commandAccepted(res, position);
  }

  @Post('batch_invites/renew')
  @HttpCode(200)
  @Endpoint({
    summary: 'Renew invites (unless any selected is accepted, obsolete or joined), optionally with a new message',
    tags,
    auth: 'member',
    command: BATCH_INVITES.renew,
    body: batchRenewInvitesSchema,
    responses: { 200: accepted, 400: 'validation_failed (invite_ids, body)', 401: 'unauthenticated', 403: 'forbidden', 404: 'not_found', 422: 'not_renewable' },
  })
  async renew(@Issuer() issuer: CommandContext, @Payload() payload: z.output<typeof batchRenewInvitesSchema>, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new BatchInvitesCommand(issuer, { action: 'renew', invite_ids: payload.invite_ids, body: payload.body }));
    return commandAccepted(res, position);
  }

  private async answer(issuer: CommandContext, inviteId: string, accept: boolean, res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new ChangeGroupCommand(issuer, { name: 'AnswerGroupInvite', invite_id: inviteId, change: { type: 'AnswerInvite', invite_id: inviteId, accept } }));
    return commandAccepted(res, position);
  }
}
