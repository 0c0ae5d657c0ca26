import type { ChatCan, ChatEvent, EncryptedEnvelope } from '@cn/contracts';
import { DomainError, type Decider } from '@cn/domain';

/** how far one member has come in a chat, and their mutes */
export interface ChatMemberState {
  received_seq: number;
  read_seq: number;
  muted_until: string | null;
  app_muted_until: string | null;
}

/** What the decisions about one chat need to know, folded from its stream. */
export interface ChatState {
  last_seq: number;
  /** message id → seq and author: sending again is harmless, quotes must name a message of this chat */
  messages: Record<string, { seq: number; author_id: string }>;
  members: Record<string, ChatMemberState>;
}

/** the issuer's abilities in this chat, computed by chatAbilities on facts loaded by the handler */
type Authorized = { chat_key: string; member_id: string; can: ChatCan };

export type ChatCommand =
  | (Authorized & { type: 'PostChatMessage'; message_id: string; text: string | EncryptedEnvelope; quoted_message_id: string | null; mentioned_ids?: readonly string[] })
  | (Authorized & { type: 'MarkChatReceived'; message_id: string })
  | (Authorized & { type: 'MarkChatRead'; message_id: string })
  | (Authorized & { type: 'MuteChat'; until: string; app: boolean; now: string })
  | (Authorized & { type: 'UnmuteChat'; app: boolean })
  /** the scheduler's timer: ends the mute it was set for, and nothing else */
  | { type: 'ExpireChatMute'; chat_key: string; member_id: string; until: string; app: boolean };

const NOBODY: ChatMemberState = { received_seq: 0, read_seq: 0, muted_until: null, app_muted_until: null };

const memberOf = (state: ChatState, memberId: string): ChatMemberState => state.members[memberId] ?? NOBODY;

const withMember = (state: ChatState, memberId: string, change: Partial<ChatMemberState>): ChatState => ({
  ...state,
  members: { ...state.members, [memberId]: { ...memberOf(state, memberId), ...change } },
});

const requireRead = (can: ChatCan): void => {
  if (!can.read) throw new DomainError('forbidden', 'forbidden');
};

const seqOf = (state: ChatState, messageId: string): number => {
  const message = state.messages[messageId];
  if (!message) throw new DomainError('not_found', 'not_found', 'message_id');
  return message.seq;
};

export const chatDecider: Decider<ChatState, ChatCommand, ChatEvent> = {
  initialState: () => ({ last_seq: 0, messages: {}, members: {} }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'ChatMessagePosted': {
        const { seq, message_id, author_id } = event.data;
        const author = memberOf(state, author_id);
        // one's own message is received and read by oneself
        const next = { ...state, last_seq: seq, messages: { ...state.messages, [message_id]: { seq, author_id } } };
        return withMember(next, author_id, { received_seq: Math.max(author.received_seq, seq), read_seq: Math.max(author.read_seq, seq) });
      }
      case 'ChatMessagesReceived':
        return withMember(state, event.data.member_id, { received_seq: Math.max(memberOf(state, event.data.member_id).received_seq, event.data.up_to_seq) });
      case 'ChatMessagesRead': {
        const member = memberOf(state, event.data.member_id);
        const seq = event.data.up_to_seq;
        return withMember(state, event.data.member_id, { read_seq: Math.max(member.read_seq, seq), received_seq: Math.max(member.received_seq, seq) });
      }
      case 'ChatMuted':
        return withMember(state, event.data.member_id, event.data.app ? { app_muted_until: event.data.until } : { muted_until: event.data.until });
      case 'ChatUnmuted':
        return withMember(state, event.data.member_id, event.data.app ? { app_muted_until: null } : { muted_until: null });
      default:
        return state;
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'PostChatMessage': {
        if (!command.can.read) throw new DomainError('forbidden', 'forbidden');
        if (!command.can.write) throw new DomainError('chat_read_only', 'refused');
        const known = state.messages[command.message_id];
        if (known) {
          // the same message sent again (a reconnect): stored once; another author's id is a conflict
          if (known.author_id === command.member_id) return [];
          throw new DomainError('message_id_taken', 'conflict', 'message_id');
        }
        if (command.quoted_message_id !== null && !state.messages[command.quoted_message_id]) {
          throw new DomainError('not_found', 'invalid', 'quoted_message_id');
        }
        return [
          {
            type: 'ChatMessagePosted',
            data: {
              chat_key: command.chat_key,
              message_id: command.message_id,
              seq: state.last_seq + 1,
              author_id: command.member_id,
              text: command.text,
              quoted_message_id: command.quoted_message_id,
              ...(command.mentioned_ids?.length ? { mentioned_ids: [...command.mentioned_ids] } : {}),
            },
          },
        ];
      }
      case 'MarkChatReceived': {
        requireRead(command.can);
        const seq = seqOf(state, command.message_id);
        if (seq <= memberOf(state, command.member_id).received_seq) return [];
        return [{ type: 'ChatMessagesReceived', data: { chat_key: command.chat_key, member_id: command.member_id, up_to_seq: seq, message_id: command.message_id } }];
      }
      case 'MarkChatRead': {
        requireRead(command.can);
        const seq = seqOf(state, command.message_id);
        if (seq <= memberOf(state, command.member_id).read_seq) return [];
        return [{ type: 'ChatMessagesRead', data: { chat_key: command.chat_key, member_id: command.member_id, up_to_seq: seq, message_id: command.message_id } }];
      }
      case 'MuteChat': {
        requireRead(command.can);
        if (Date.parse(command.until) <= Date.parse(command.now)) throw new DomainError('in_the_past', 'invalid', 'until');
        const member = memberOf(state, command.member_id);
        if ((command.app ? member.app_muted_until : member.muted_until) === command.until) return [];
        return [{ type: 'ChatMuted', data: { chat_key: command.chat_key, member_id: command.member_id, until: command.until, app: command.app } }];
      }
      case 'UnmuteChat': {
        requireRead(command.can);
        const member = memberOf(state, command.member_id);
        if ((command.app ? member.app_muted_until : member.muted_until) === null) return [];
        return [{ type: 'ChatUnmuted', data: { chat_key: command.chat_key, member_id: command.member_id, app: command.app, expired: false } }];
      }
      case 'ExpireChatMute': {
        const member = memberOf(state, command.member_id);
        // a timer that fires twice, or for a mute changed since, changes nothing
        if ((command.app ? member.app_muted_until : member.muted_until) !== command.until) return [];
        return [{ type: 'ChatUnmuted', data: { chat_key: command.chat_key, member_id: command.member_id, app: command.app, expired: true } }];
      }
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },
};
