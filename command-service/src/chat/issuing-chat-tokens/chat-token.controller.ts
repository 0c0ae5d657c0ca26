import { Controller, HttpCode, Post } from '@nestjs/common';
import { z } from 'zod';
import type { ChatTokenResponse } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { Endpoint, InjectPort, Issuer, type PlatformConfig } from '@cn/platform';
import { issueChatToken } from './chat-token';

const chatTokenAnswerSchema = z.object({ token: z.string(), expires_at: z.string() });

/** Credentials for /api/chat/socket (the console keeps them 3 hours minus 3 minutes). No event: session state, not domain state. */
@Controller('api/v1/chat_token')
export class ChatTokenController {
  constructor(
    @InjectPort('config') private readonly config: PlatformConfig,
    @InjectPort('clock') private readonly clock: () => Date,
  ) {}

  @Post()
  @HttpCode(200)
  @Endpoint({
    summary: 'Credentials for the chat socket',
    tags: ['chat'],
    auth: 'member',
    responses: { 200: { description: '{ token, expires_at }', schema: chatTokenAnswerSchema }, 401: 'unauthenticated', 403: 'invalid_csrf_token' },
  })
  issue(@Issuer() issuer: CommandContext): ChatTokenResponse {
    return issueChatToken(issuer.memberId ?? '', this.config.session, this.clock());
  }
}
