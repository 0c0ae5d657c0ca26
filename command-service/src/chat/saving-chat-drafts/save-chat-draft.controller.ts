import { Controller, HttpCode, Param, Put, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { saveChatDraftRequestSchema, type CommandAccepted, type SaveChatDraftRequest } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload } from '@cn/platform';
import { chatIdParam, CHAT_REFUSALS } from '../chat-routes';
import { SAVE_CHAT_DRAFT, SaveChatDraftCommand } from './save-chat-draft.command';

@Controller('api/v1/chats/:type/:id/draft')
export class SaveChatDraftController {
  constructor(private readonly commands: CommandBus) {}

  @Put()
  @HttpCode(200)
  @Endpoint({
    summary: "Save the member's unsent text of a chat ('' clears it); it follows them to their other consoles and is never shown to anyone else",
    tags: ['chat'],
    auth: 'member',
    command: SAVE_CHAT_DRAFT,
    body: saveChatDraftRequestSchema,
    responses: { 200: commandAnswer('accepted, { position }; nothing appended when clearing no draft'), ...CHAT_REFUSALS, 422: 'chat_read_only (a draft needs the write flag)' },
  })
  async save(@Issuer() issuer: CommandContext, @Param('type') type: string, @Param('id') id: string, @Payload() payload: SaveChatDraftRequest, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new SaveChatDraftCommand(issuer, { chat_id: chatIdParam(type, id), text: payload.text }));
    return commandAccepted(res, position);
  }
}
