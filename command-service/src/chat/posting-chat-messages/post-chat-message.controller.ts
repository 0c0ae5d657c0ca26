import { Controller, HttpCode, Param, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { postChatMessageRequestSchema, type CommandAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload } from '@cn/platform';
import { chatIdParam, CHAT_REFUSALS } from '../chat-routes';
import { POST_CHAT_MESSAGE, PostChatMessageCommand, type PostChatMessagePayload } from './post-chat-message.command';

/** The socket's `send` as a route (clients without the socket, tests). */
@Controller('api/v1/chats/:type/:id/messages')
export class PostChatMessageController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(200)
  @Endpoint({
    summary: 'Post a message to a chat (member/{id} or group/{id}); sending the same message_id again stores it once',
    tags: ['chat'],
    auth: 'member',
    command: POST_CHAT_MESSAGE,
    body: postChatMessageRequestSchema,
    responses: { 200: commandAnswer('accepted, { position }'), ...CHAT_REFUSALS, 409: 'message_id_taken', 422: 'chat_read_only' },
  })
  async post(
    @Issuer() issuer: CommandContext,
    @Param('type') type: string,
    @Param('id') id: string,
    @Payload() payload: Omit<PostChatMessagePayload, 'chat_id'>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(
      new PostChatMessageCommand(issuer, { chat_id: chatIdParam(type, id), message_id: payload.message_id, text: payload.text, quoted_message_id: payload.quoted_message_id ?? null }),
    );
    return commandAccepted(res, position);
  }
}
