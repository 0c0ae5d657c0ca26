import { Controller, HttpCode, Param, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { markChatRequestSchema, type CommandAccepted, type MarkChatRequest } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload } from '@cn/platform';
import { chatIdParam, CHAT_REFUSALS } from '../chat-routes';
import { MARK_CHAT_READ, MARK_CHAT_RECEIVED, MarkChatCommand } from './mark-chat.command';

const responses = { 200: commandAnswer('accepted, { position }; nothing appended when already that far'), ...CHAT_REFUSALS };

@Controller('api/v1/chats/:type/:id')
export class MarkChatController {
  constructor(private readonly commands: CommandBus) {}

  private async mark(issuer: CommandContext, type: string, id: string, messageId: string, state: 'received' | 'read', res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new MarkChatCommand(issuer, { chat_id: chatIdParam(type, id), message_id: messageId, state }));
    return commandAccepted(res, position);
  }

  @Post('read')
  @HttpCode(200)
  @Endpoint({ summary: 'Mark a chat as read up to a message (the unread count falls)', tags: ['chat'], auth: 'member', command: MARK_CHAT_READ, body: markChatRequestSchema, responses })
  read(@Issuer() issuer: CommandContext, @Param('type') type: string, @Param('id') id: string, @Payload() payload: MarkChatRequest, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    return this.mark(issuer, type, id, payload.message_id, 'read', res);
  }

  @Post('received')
  @HttpCode(200)
  @Endpoint({ summary: "Confirm that the member's console has a chat's messages up to one", tags: ['chat'], auth: 'member', command: MARK_CHAT_RECEIVED, body: markChatRequestSchema, responses })
  received(@Issuer() issuer: CommandContext, @Param('type') type: string, @Param('id') id: string, @Payload() payload: MarkChatRequest, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    return this.mark(issuer, type, id, payload.message_id, 'received', res);
  }
}
