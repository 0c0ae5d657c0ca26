import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { PresenceType } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { SetPresenceCommand } from '../members/setting-presence/set-presence.command';
import { MarkChatCommand } from './marking-chats/mark-chat.command';
import { MuteChatCommand } from './muting-chats/mute-chat.command';
import { PostChatMessageCommand } from './posting-chat-messages/post-chat-message.command';

/**
 * The chat socket's way to the write side: its actions become the same commands as the routes, run by
 * the same handlers (validation of the payload is the socket's, authorization the handlers'). The socket
 * lives with the realtime channel; the standalone runner hands it this gateway.
 */
@Injectable()
export class ChatCommandGateway {
  constructor(private readonly commands: CommandBus) {}

  private issuer(memberId: string, correlationId?: string): CommandContext {
    return { memberId, correlationId: correlationId ?? randomUUID(), causationId: randomUUID() };
  }

  async send(memberId: string, input: { chat_id: string; message_id: string; text: string; quoted_message_id: string | null }): Promise<{ position: number }> {
    return this.commands.execute(new PostChatMessageCommand(this.issuer(memberId), input));
  }

  async mark(memberId: string, input: { chat_id: string; message_id: string; state: 'received' | 'read' }): Promise<{ position: number }> {
    return this.commands.execute(new MarkChatCommand(this.issuer(memberId), input));
  }

  /** until null: turn muting off */
  async mute(memberId: string, input: { chat_id: string; until: string | null; app: boolean }): Promise<{ position: number }> {
    return this.commands.execute(new MuteChatCommand(this.issuer(memberId), input));
  }

  async setStatus(memberId: string, input: { type: PresenceType; text: string }): Promise<{ position: number }> {
    return this.commands.execute(new SetPresenceCommand(this.issuer(memberId), input));
  }
}
