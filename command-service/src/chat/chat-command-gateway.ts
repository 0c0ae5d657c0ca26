import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { PresenceType } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { SetPresenceCommand } from '../members/setting-presence/set-presence.command';
import { MarkChatCommand } from './marking-chats/mark-chat.command';
import { MuteChatCommand } from './muting-chats/mute-chat.command';
import { PostChatMessageCommand } from './posting-chat-messages/post-chat-message.command';
import { SaveChatDraftCommand } from './saving-chat-drafts/save-chat-draft.command';

/**
 * The chat socket's way to the write side: its actions become the same commands as the routes, run by
 * the same handlers (validation of the payload is the socket's, authorization the handlers'). The socket
 * lives with the realtime channel; the standalone runner hands it this gateway.
 */
/** the socket's member (the session is for sinks that forward it; this one runs in process) */
export interface ChatIssuer {
  memberId: string;
  sessionToken: string | null;
}

@Injectable()
export class ChatCommandGateway {
  constructor(private readonly commands: CommandBus) {}

  private issuer({ memberId }: ChatIssuer): CommandContext {
    return { memberId, correlationId: randomUUID(), causationId: randomUUID() };
  }

  async send(issuer: ChatIssuer, input: { chat_id: string; message_id: string; text: string; quoted_message_id: string | null }): Promise<{ position: number }> {
    return this.commands.execute(new PostChatMessageCommand(this.issuer(issuer), input));
  }

  async mark(issuer: ChatIssuer, input: { chat_id: string; message_id: string; state: 'received' | 'read' }): Promise<{ position: number }> {
    return this.commands.execute(new MarkChatCommand(this.issuer(issuer), input));
  }

  /** until null: turn muting off */
  async mute(issuer: ChatIssuer, input: { chat_id: string; until: string | null; app: boolean }): Promise<{ position: number }> {
    return this.commands.execute(new MuteChatCommand(this.issuer(issuer), input));
  }

  async saveDraft(issuer: ChatIssuer, input: { chat_id: string; text: string }): Promise<{ position: number }> {
    return this.commands.execute(new SaveChatDraftCommand(this.issuer(issuer), input));
  }

  async setStatus(issuer: ChatIssuer, input: { type: PresenceType; text: string }): Promise<{ position: number }> {
    return this.commands.execute(new SetPresenceCommand(this.issuer(issuer), input));
  }
}
