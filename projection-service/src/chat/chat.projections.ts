import { ChatDraftSaved, chatDraftEvents, chatEvents, ChatMessagePosted, eventOf, MemberJoinedGroup, type EncryptedEnvelope } from '@cn/contracts';
import type { ProjectedDocument, Projection } from '@cn/domain';

/**
 * The chat read models keep the message text sealed as stored (under the author's key): they run under
 * the projector that does not reveal (`sealedReadModels`), and the socket reveals a text when it answers,
 * so that erasing the author (destroying the key) blanks every copy without touching a document.
 */
type SealedText = string | EncryptedEnvelope;

export interface ChatMessageDocument extends ProjectedDocument {
  chat_key: string;
  seq: number;
  author_id: string;
  text: SealedText;
  quoted_message_id: string | null;
  created_at: string;
  /** the position that stored it: a reconnecting console resumes after it */
  created_position: number;
}

export interface ChatMemberProgress {
  received_seq: number;
  received_id: string | null;
  read_seq: number;
  read_id: string | null;
  muted_until: string | null;
  app_muted_until: string | null;
  last_interacted_at: string | null;
}

interface ChatFields {
  [field: string]: unknown;
  _id: string;
  /** `m.<a>.<b>` (member chat) or `g.<group id>` */
  type: 'member' | 'group';
  /** the pair of a member chat; [] for a group chat (its members are the group's) */
  member_ids: string[];
  group_id: string | null;
  last_seq: number;
  last_message: { message_id: string; author_id: string; text: SealedText; seq: number; created_at: string } | null;
  last_interacted_at: string | null;
  members: Record<string, ChatMemberProgress>;
}

export interface ChatDocument extends ProjectedDocument, ChatFields {}

const NOBODY: ChatMemberProgress = { received_seq: 0, received_id: null, read_seq: 0, read_id: null, muted_until: null, app_muted_until: null, last_interacted_at: null };

const freshChat = (key: string): ChatFields => {
  const group = key.startsWith('g.');
  return {
    _id: key,
    type: group ? 'group' : 'member',
    member_ids: group ? [] : key.slice(2).split('.'),
    group_id: group ? key.slice(2) : null,
    last_seq: 0,
    last_message: null,
    last_interacted_at: null,
    members: {},
  };
};

const withMember = <D extends ChatFields>(doc: D, memberId: string, change: Partial<ChatMemberProgress>): D => ({
  ...doc,
  members: { ...doc.members, [memberId]: { ...NOBODY, ...doc.members[memberId], ...change } },
});

export const chatMessagesProjection: Projection<ChatMessageDocument> = {
  name: 'chat_messages',
  version: 1,
  eventTypes: ['ChatMessagePosted'],
  documentIds: (event) => [(event.data as { message_id: string }).message_id],
  indexes: [['chat_key', 'seq'], ['chat_key', 'created_position']],
  // a message is written once, by its ChatMessagePosted: a partner's socket hears it without waiting for the write
  wholeFromOneEvent: true,
  evolve: (doc, recorded, id) => {
    const event = eventOf(chatEvents, recorded);
    if (event?.type !== 'ChatMessagePosted' || doc) return doc;
    return {
      _id: id,
      chat_key: event.data.chat_key,
      seq: event.data.seq,
      author_id: event.data.author_id,
      text: event.data.text,
      quoted_message_id: event.data.quoted_message_id,
      created_at: recorded.metadata.occurredAt,
      created_position: recorded.position,
    };
  },
};

/** the group chat's key of a group */
const groupChatKey = (groupId: string): string => `g.${groupId}`;

export const chatsProjection: Projection<ChatDocument> = {
  name: 'chats',
  // v2: a member joining a group starts reading its chat at the newest message
  version: 2,
  eventTypes: [...chatEvents.map((definition) => definition.type), MemberJoinedGroup.type],
  documentIds: (event) => {
    if (event.type === MemberJoinedGroup.type) return [groupChatKey((event.data as { group_id: string }).group_id)];
    return [(event.data as { chat_key: string }).chat_key];
  },
  evolve: (doc, recorded, id) => {
    const joined = eventOf([MemberJoinedGroup], recorded);
    if (joined) {
      // what was said before one joined is history, not unread: the joiner's progress starts at the newest
      // message (a group chat nobody wrote in yet has no document and needs none)
      if (!doc || doc.last_seq === 0) return doc;
      const mine = doc.members[joined.data.member_id] ?? NOBODY;
      const last = doc.last_message;
      if (!last || mine.read_seq >= doc.last_seq) return doc;
      return withMember(doc, joined.data.member_id, {
        received_seq: Math.max(mine.received_seq, doc.last_seq),
        received_id: mine.received_seq >= doc.last_seq ? mine.received_id : last.message_id,
        read_seq: doc.last_seq,
        read_id: last.message_id,
      });
    }
    const event = eventOf(chatEvents, recorded);
    if (event === null) return doc;
    const chat: ChatFields = doc ?? freshChat(id);
    const at = recorded.metadata.occurredAt;
    switch (event.type) {
      case 'ChatMessagePosted': {
        const { seq, message_id, author_id, text } = event.data;
        const mine = chat.members[author_id] ?? NOBODY;
        const next = { ...chat, last_seq: seq, last_interacted_at: at, last_message: { message_id, author_id, text, seq, created_at: at } };
        // one's own message is received and read by oneself
        return withMember(next, author_id, {
          received_seq: Math.max(mine.received_seq, seq),
          received_id: seq >= mine.received_seq ? message_id : mine.received_id,
          read_seq: Math.max(mine.read_seq, seq),
          read_id: seq >= mine.read_seq ? message_id : mine.read_id,
          last_interacted_at: at,
        });
      }
      case 'ChatMessagesReceived': {
        const mine = chat.members[event.data.member_id] ?? NOBODY;
        if (event.data.up_to_seq <= mine.received_seq) return chat;
        return withMember(chat, event.data.member_id, { received_seq: event.data.up_to_seq, received_id: event.data.message_id });
      }
      case 'ChatMessagesRead': {
        const mine = chat.members[event.data.member_id] ?? NOBODY;
        const received = event.data.up_to_seq > mine.received_seq ? { received_seq: event.data.up_to_seq, received_id: event.data.message_id } : {};
        if (event.data.up_to_seq <= mine.read_seq) return chat;
        return withMember(chat, event.data.member_id, { ...received, read_seq: event.data.up_to_seq, read_id: event.data.message_id, last_interacted_at: at });
      }
      case 'ChatMuted':
        return withMember(chat, event.data.member_id, event.data.app ? { app_muted_until: event.data.until } : { muted_until: event.data.until });
      case 'ChatUnmuted':
        return withMember(chat, event.data.member_id, event.data.app ? { app_muted_until: null } : { muted_until: null });
      default:
        return chat;
    }
  },
};

/** one member's draft of one chat: `<chat key>:<member id>` */
export const chatDraftId = (key: string, memberId: string): string => `${key}:${memberId}`;

export interface ChatDraftDocument extends ProjectedDocument {
  chat_key: string;
  member_id: string;
  /** sealed as stored (under the member's key), '' when cleared */
  text: SealedText;
  saved_at: string;
}

const draftDefinitions = [...chatDraftEvents, ChatMessagePosted] as const;

/**
 * The members' unsent texts, sealed like the messages; sending a message clears its author's draft of
 * that chat (so a console that reloads after sending starts empty).
 */
export const chatDraftsProjection: Projection<ChatDraftDocument> = {
  name: 'chat_drafts',
  version: 1,
  eventTypes: [ChatDraftSaved.type, ChatMessagePosted.type],
  documentIds: (recorded) => {
    const event = eventOf(draftDefinitions, recorded);
    if (!event) return [];
    return [chatDraftId(event.data.chat_key, event.type === 'ChatDraftSaved' ? event.data.member_id : event.data.author_id)];
  },
  evolve: (doc, recorded, id) => {
    const event = eventOf(draftDefinitions, recorded);
    if (!event || (doc && doc._position >= recorded.position)) return doc;
    if (event.type === 'ChatMessagePosted') return doc && doc.text !== '' ? { ...doc, text: '', saved_at: recorded.metadata.occurredAt } : doc;
    return { _id: id, chat_key: event.data.chat_key, member_id: event.data.member_id, text: event.data.text, saved_at: recorded.metadata.occurredAt };
  },
};
