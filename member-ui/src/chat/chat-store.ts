import type { ChatDto, ChatMessageDto, ChatPartnerState, ChatServerEvent, ChatSocketAction } from '@cn/contracts';
import type { ChatConnectionState } from './chat-connection';

export type DeliveryState = 'pushed' | 'persisted' | 'received' | 'read';

export interface UiMessage extends ChatMessageDto {
  /** sent from this console and not confirmed yet (shown 'saving'); resent after a reconnect */
  pending?: boolean;
  /** the server refused it (the key is shown) */
  failed?: string;
}

export interface ChatRoomState {
  messages: UiMessage[];
  more: boolean;
  loaded: boolean;
  loadingOlder: boolean;
  /** an action refused in this chat */
  error: string | null;
}

export interface ChatStoreState {
  connection: ChatConnectionState;
  me: string;
  chats: ChatDto[];
  unreadTotal: number;
  loadedChats: boolean;
  rooms: Record<string, ChatRoomState>;
  /** who is writing in which chat, until when (ms) */
  composing: Record<string, { name: string; until: number }>;
  /**
   * per chat, the highest seq of the messages this console has (live, in a chat's page, replayed): a
   * reconnect resumes each chat after its own (chats it has nothing of are left to the server)
   */
  seenSeq: Record<string, number>;
  /** the composer's text per chat (chat-drafts.ts decides what it is) */
  drafts: Record<string, string>;
}

const EMPTY_ROOM: ChatRoomState = { messages: [], more: false, loaded: false, loadingOlder: false, error: null };

export const emptyChatState = (me: string): ChatStoreState => ({
  connection: 'connecting',
  me,
  chats: [],
  unreadTotal: 0,
  loadedChats: false,
  rooms: {},
  composing: {},
  seenSeq: {},
  drafts: {},
});

/** pending ones (no seq yet) stay last, in the order they were written */
const bySeq = (a: UiMessage, b: UiMessage): number => (a.pending ? Number.MAX_SAFE_INTEGER : a.seq) - (b.pending ? Number.MAX_SAFE_INTEGER : b.seq);

export const mergeMessages = (current: readonly UiMessage[], incoming: readonly UiMessage[]): UiMessage[] => {
  const byId = new Map(current.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort(bySeq);
};

const sortChats = (chats: ChatDto[]): ChatDto[] =>
  [...chats].sort((a, b) => (b.last_interacted_at ?? '').localeCompare(a.last_interacted_at ?? '') || a.name.localeCompare(b.name));

const upsertChat = (chats: readonly ChatDto[], chat: ChatDto): ChatDto[] => sortChats([...chats.filter((other) => other.id !== chat.id), chat]);

const room = (state: ChatStoreState, chatId: string): ChatRoomState => state.rooms[chatId] ?? EMPTY_ROOM;

const withRoom = (state: ChatStoreState, chatId: string, change: Partial<ChatRoomState>): ChatStoreState => ({
  ...state,
  rooms: { ...state.rooms, [chatId]: { ...room(state, chatId), ...change } },
});

/** the seen seqs with these messages counted (a message never lowers its chat's) */
const withSeen = (state: ChatStoreState, messages: readonly ChatMessageDto[]): Record<string, number> => {
  let seen = state.seenSeq;
  for (const message of messages) {
    if (message.seq > (seen[message.chat_id] ?? 0)) seen = { ...seen, [message.chat_id]: message.seq };
  }
  return seen;
};

/** what a reconnect's resume names: the chats this console has messages of, with the last seq of each */
export const resumeSeen = (state: ChatStoreState, max: number): Record<string, number> => Object.fromEntries(Object.entries(state.seenSeq).slice(0, max));

/** the delivery state of one's own message, from the partner's progress */
export const deliveryOf = (message: UiMessage, partner: ChatPartnerState | undefined): DeliveryState => {
  if (message.pending) return 'pushed';
  if (partner && partner.last_read_seq >= message.seq) return 'read';
  if (partner && partner.last_received_seq >= message.seq) return 'received';
  return 'persisted';
};

/** how the console's state follows a server event */
export const applyChatEvent = (state: ChatStoreState, event: ChatServerEvent, now: number): ChatStoreState => {
  switch (event.event) {
    case 'my_chats':
      return { ...state, chats: sortChats(event.chats), unreadTotal: event.unread_total, loadedChats: true };
    case 'chat':
      return { ...state, chats: upsertChat(state.chats, event.chat), unreadTotal: event.unread_total };
    case 'chat_details':
      return {
        ...withRoom({ ...state, chats: upsertChat(state.chats, event.chat) }, event.chat.id, {
          messages: mergeMessages(room(state, event.chat.id).messages, event.messages),
          more: event.more,
          loaded: true,
          error: null,
        }),
        seenSeq: withSeen(state, event.messages),
      };
    case 'more_messages':
      return withRoom({ ...state, seenSeq: withSeen(state, event.messages) }, event.chat_id, { messages: mergeMessages(room(state, event.chat_id).messages, event.messages), more: event.more, loadingOlder: false });
    case 'message': {
      const chatId = event.message.chat_id;
      const next = { ...state, seenSeq: withSeen(state, [event.message]) };
      const { [chatId]: _writing, ...composing } = next.composing;
      const cleared = event.message.from.id === state.me ? next : { ...next, composing };
      if (!state.rooms[chatId]) return cleared;
      return withRoom(cleared, chatId, { messages: mergeMessages(room(state, chatId).messages, [event.message]) });
    }
    case 'persisted': {
      const current = room(state, event.chat_id);
      return withRoom(state, event.chat_id, { messages: current.messages.map((message) => (message.id === event.message_id ? { ...message, pending: false } : message)) });
    }
    case 'mark_as_received': {
      const chat = state.chats.find((other) => other.id === event.chat_id);
      return chat ? { ...state, chats: state.chats.map((other) => (other.id === chat.id ? { ...other, partner_state: event.partner_state } : other)) } : state;
    }
    case 'composing':
      return { ...state, composing: { ...state.composing, [event.chat_id]: { name: event.name, until: now + 2000 } } };
    default:
      return state;
  }
};

export const addPending = (state: ChatStoreState, action: Extract<ChatSocketAction, { action: 'send' }>, author: UiMessage['from'], now: Date): ChatStoreState => {
  const current = room(state, action.chat_id);
  const quoted = action.quoted_message_id ? current.messages.find((message) => message.id === action.quoted_message_id) : undefined;
  const pending: UiMessage = {
    id: action.message_id,
    chat_id: action.chat_id,
    seq: 0,
    text: action.text,
    from: author,
    created_at: now.toISOString(),
    quoted_message: quoted ? { id: quoted.id, text: quoted.text, from: quoted.from } : null,
    position: 0,
    pending: true,
  };
  return withRoom(state, action.chat_id, { messages: mergeMessages(current.messages, [pending]) });
};

export const failPending = (state: ChatStoreState, chatId: string, messageId: string, key: string): ChatStoreState => {
  const current = room(state, chatId);
  return withRoom(state, chatId, { messages: current.messages.map((message) => (message.id === messageId ? { ...message, failed: key } : message)), error: key });
};

export const roomOf = room;
