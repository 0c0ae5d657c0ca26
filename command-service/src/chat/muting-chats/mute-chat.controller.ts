import { Controller, Delete, HttpCode, Param, Put, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { muteChatRequestSchema, type CommandAccepted, type MuteChatRequest } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, ParsedQuery, Payload } from '@cn/platform';
import { z } from 'zod';
import { chatIdParam, CHAT_REFUSALS } from '../chat-routes';
import { MUTE_CHAT, MuteChatCommand, UNMUTE_CHAT } from './mute-chat.command';

const unmuteQuerySchema = z.object({ app: z.enum(['true', 'false'], { message: 'invalid_value' }).optional() });

@Controller('api/v1/chats/:type/:id/mute')
export class MuteChatController {
  constructor(private readonly commands: CommandBus) {}

  @Put()
  @HttpCode(200)
  @Endpoint({
    summary: 'Mute a chat until a time (9999-12-31 is forever; app: the mobile app\'s own mute); a timed mute ends by itself',
    tags: ['chat'],
    auth: 'member',
    command: MUTE_CHAT,
    body: muteChatRequestSchema,
    responses: { 200: commandAnswer('accepted, { position }'), ...CHAT_REFUSALS },
  })
  async mute(@Issuer() issuer: CommandContext, @Param('type') type: string, @Param('id') id: string, @Payload() payload: MuteChatRequest, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new MuteChatCommand(issuer, { chat_id: chatIdParam(type, id), until: payload.until, app: payload.app ?? false }));
    return commandAccepted(res, position);
  }

  @Delete()
  @HttpCode(200)
  @Endpoint({
    summary: 'Turn muting of a chat off (app=true: the app\'s mute)',
    tags: ['chat'],
    auth: 'member',
    command: UNMUTE_CHAT,
    query: unmuteQuerySchema,
    responses: { 200: commandAnswer('accepted, { position }'), ...CHAT_REFUSALS },
  })
  async unmute(@Issuer() issuer: CommandContext, @Param('type') type: string, @Param('id') id: string, @ParsedQuery() query: z.output<typeof unmuteQuerySchema>, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new MuteChatCommand(issuer, { chat_id: chatIdParam(type, id), until: null, app: query.app === 'true' }));
    return commandAccepted(res, position);
  }
}
