import { Controller, Delete, HttpCode, Param, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import type { z } from 'zod';
import { messageBatchRequestSchema, type CommandAccepted, type MessageBox } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload } from '@cn/platform';
import type { MarkMessage } from '../message.decider';
import { MARK_COMMANDS, MarkMessagesCommand } from './mark-messages.command';

const tags = ['messages'];
type Batch = z.output<typeof messageBatchRequestSchema>;
const batchRefusals = {
  200: commandAnswer('accepted, { position }'),
  400: 'validation_failed (message_ids required, too_big)',
  401: 'unauthenticated',
  403: 'invalid_csrf_token',
  404: 'not_found (message_ids): a message the member does not hold in this box; nothing is changed',
  409: 'concurrency_conflict',
};
const oneRefusals = {
  200: commandAnswer('accepted, { position }'),
  401: 'unauthenticated',
  403: 'invalid_csrf_token',
  404: 'not_found: a message the member does not hold in this box',
  409: 'concurrency_conflict',
};

/** §7: read and unread marks and deletion of one's own copies, one message or a batch. Static paths come before /:id. */
@Controller('api/v1/messages')
export class MarkMessagesController {
  constructor(private readonly commands: CommandBus) {}

  private async mark(issuer: CommandContext, message_ids: string[], action: MarkMessage['action'], box: MessageBox | 'any', res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new MarkMessagesCommand(issuer, { message_ids, action, box }));
    return commandAccepted(res, position);
  }

  @Post('read')
  @HttpCode(200)
  @Endpoint({ summary: 'Mark received messages read { message_ids }', tags, auth: 'member', command: MARK_COMMANDS.read, body: messageBatchRequestSchema, responses: batchRefusals })
  readMany(@Issuer() issuer: CommandContext, @Payload() payload: Batch, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    return this.mark(issuer, payload.message_ids, 'read', 'inbox', res);
  }

  @Delete('read')
  @HttpCode(200)
  @Endpoint({ summary: 'Mark received messages unread { message_ids }', tags, auth: 'member', command: MARK_COMMANDS.unread, body: messageBatchRequestSchema, responses: batchRefusals })
  unreadMany(@Issuer() issuer: CommandContext, @Payload() payload: Batch, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    return this.mark(issuer, payload.message_ids, 'unread', 'inbox', res);
  }

  @Delete('delete')
  @HttpCode(200)
  @Endpoint({ summary: 'Delete received messages for oneself { message_ids }', tags, auth: 'member', command: MARK_COMMANDS.delete, body: messageBatchRequestSchema, responses: batchRefusals })
  deleteMany(@Issuer() issuer: CommandContext, @Payload() payload: Batch, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    return this.mark(issuer, payload.message_ids, 'delete', 'inbox', res);
  }

  @Delete('sent/delete')
  @HttpCode(200)
  @Endpoint({ summary: 'Delete sent messages for oneself { message_ids }: the recipients keep theirs', tags, auth: 'member', command: MARK_COMMANDS.delete, body: messageBatchRequestSchema, responses: batchRefusals })
  deleteSentMany(@Issuer() issuer: CommandContext, @Payload() payload: Batch, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    return this.mark(issuer, payload.message_ids, 'delete', 'sent', res);
  }

  @Delete('sent/:id')
  @HttpCode(200)
  @Endpoint({ summary: 'Delete one sent message for oneself', tags, auth: 'member', command: MARK_COMMANDS.delete, responses: oneRefusals })
  deleteSent(@Issuer() issuer: CommandContext, @Param('id') id: string, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    return this.mark(issuer, [id], 'delete', 'sent', res);
  }

  @Post(':id/read')
  @HttpCode(200)
  @Endpoint({ summary: 'Mark a received message read', tags, auth: 'member', command: MARK_COMMANDS.read, responses: oneRefusals })
  readOne(@Issuer() issuer: CommandContext, @Param('id') id: string, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    return this.mark(issuer, [id], 'read', 'inbox', res);
  }

  @Delete(':id/read')
  @HttpCode(200)
  @Endpoint({ summary: 'Mark a received message unread', tags, auth: 'member', command: MARK_COMMANDS.unread, responses: oneRefusals })
  unreadOne(@Issuer() issuer: CommandContext, @Param('id') id: string, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    return this.mark(issuer, [id], 'unread', 'inbox', res);
  }

  @Delete(':id')
  @HttpCode(200)
  @Endpoint({ summary: 'Delete a received message for oneself', tags, auth: 'member', command: MARK_COMMANDS.delete, responses: oneRefusals })
  deleteOne(@Issuer() issuer: CommandContext, @Param('id') id: string, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    return this.mark(issuer, [id], 'delete', 'inbox', res);
  }
}
