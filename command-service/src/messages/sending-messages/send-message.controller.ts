import { Controller, HttpCode, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import type { z } from 'zod';
import { messageSentAcceptedSchema, sendMessageRequestSchema, type MessageSentAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload } from '@cn/platform';
import { SEND_MESSAGE, SendMessageCommand } from './send-message.command';

@Controller('api/v1/messages')
export class SendMessageController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(201)
  @Endpoint({
    summary:
      'Send a direct message { to, to_group, to_all_network_members, subject, content, attachments, conversation_starter_id?, forwarded_message_id? }: groups and the network are expanded to their members now; attachments are file ids of the sender\'s uploads or files they may read',
    tags: ['messages'],
    auth: 'member',
    command: SEND_MESSAGE,
    body: sendMessageRequestSchema,
    responses: {
      201: commandAnswer('created, { id, position }', messageSentAcceptedSchema),
      400: 'validation_failed (to missing_recipient, content required, subject too_long, attachments too_big)',
      401: 'unauthenticated',
      403: 'forbidden (may not send direct messages), network_admins_only (to_all_network_members), not_group_admin (to_group) or invalid_csrf_token',
      404: 'unknown_conversation (conversation_starter_id) or not_found (forwarded_message_id): a message the sender does not hold',
      409: 'concurrency_conflict',
      422: 'unknown_recipient (to, to_group), unknown_attachment (attachments.N: no file the sender may read)',
    },
  })
  async send(@Issuer() issuer: CommandContext, @Payload() payload: z.output<typeof sendMessageRequestSchema>, @Res({ passthrough: true }) res: Response): Promise<MessageSentAccepted> {
    const { id, position } = await this.commands.execute(new SendMessageCommand(issuer, payload));
    return { id, ...commandAccepted(res, position) };
  }
}
