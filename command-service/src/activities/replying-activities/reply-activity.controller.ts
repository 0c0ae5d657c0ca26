import { Controller, Delete, HttpCode, Param, Post, Put, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import type { z } from 'zod';
import { createdAcceptedSchema, replyRequestSchema, type CommandAccepted, type CreatedAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload } from '@cn/platform';
import { REPLY_COMMANDS, ReplyActivityCommand } from './reply-activity.command';

const tags = ['activities'];
const refusals = {
  400: 'validation_failed (content required, too_long)',
  401: 'unauthenticated',
  403: 'forbidden (may not post in the stream; editing or deleting another\'s reply) or invalid_csrf_token',
  404: 'not_found, activity_deleted or reply_deleted',
};
type Body = z.output<typeof replyRequestSchema>;

/** The composer's calls (§7): POST /api/v1/activities/{id}/replies, PUT /api/v1/activities/{id}/replies/{replyId}. */
@Controller('api/v1/activities/:id/replies')
export class ReplyActivityController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(201)
  @Endpoint({ summary: 'Reply to a post { content }', tags, auth: 'member', command: REPLY_COMMANDS.reply, body: replyRequestSchema, responses: { 201: commandAnswer('created, { id, position }', createdAcceptedSchema), ...refusals } })
  async reply(@Issuer() issuer: CommandContext, @Param('id') id: string, @Payload() payload: Body, @Res({ passthrough: true }) res: Response): Promise<CreatedAccepted> {
    const handled = await this.commands.execute(new ReplyActivityCommand(issuer, { activity_id: id, reply_id: null, html_content: payload.content }));
    return { id: handled.id, ...commandAccepted(res, handled.position) };
  }

  @Put(':replyId')
  @HttpCode(200)
  @Endpoint({ summary: 'Edit one\'s own reply { content }', tags, auth: 'member', command: REPLY_COMMANDS.edit, body: replyRequestSchema, responses: { 200: commandAnswer('accepted, { id, position }', createdAcceptedSchema), ...refusals } })
  async edit(
    @Issuer() issuer: CommandContext,
    @Param('id') id: string,
    @Param('replyId') replyId: string,
    @Payload() payload: Body,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CreatedAccepted> {
    const { position } = await this.commands.execute(new ReplyActivityCommand(issuer, { activity_id: id, reply_id: replyId, html_content: payload.content }));
    return { id: replyId, ...commandAccepted(res, position) };
  }

  @Delete(':replyId')
  @HttpCode(200)
  @Endpoint({ summary: 'Delete a reply (its author, the group\'s admins, network admins)', tags, auth: 'member', command: REPLY_COMMANDS.delete, responses: { 200: commandAnswer('accepted, { position }'), ...refusals } })
  async remove(@Issuer() issuer: CommandContext, @Param('id') id: string, @Param('replyId') replyId: string, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new ReplyActivityCommand(issuer, { activity_id: id, reply_id: replyId, html_content: null }));
    return commandAccepted(res, position);
  }
}
