import { z } from 'zod';
import { defineEvent, personal, type EventOf } from '../common/events';
import { stripBidiControls } from '../common/text-rules';
import { CHAT_MESSAGE_MAX } from './chat-constants';

// ---- constants (chat-channels-files-fields-legal.md §9) ----

// ---- ids ----

export type ChatType = 'member' | 'group';

/**
 * A chat as a member names it: `member/{partner id}` or `group/{group id}`. Two members' chat is one
 * conversation with one stream: its key sorts the pair, so both name the same stream.
 */
export interface ChatRef {
  type: ChatType;
  /** the partner (member chat) or the group */
  id: string;
}

const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export const parseChatId = (chatId: string): ChatRef | null => {
  const match = /^(member|group)\/(.+)$/.exec(chatId);
  if (!match || !ID_PATTERN.test(match[2] ?? '')) return null;
  return { type: match[1] as ChatType, id: match[2] };
};

export const chatIdOf = (ref: ChatRef): string => `${ref.type}/${ref.id}`;

/** the conversation's key, the same for both members of a member chat */
export const chatKeyOf = (viewerId: string, ref: ChatRef): string =>
  ref.type === 'group' ? `g.${ref.id}` : `m.${[viewerId, ref.id].sort().join('.')}`;

/** the chat id as this member sees the conversation with this key */
export const chatIdForViewer = (key: string, viewerId: string): string | null => {
  if (key.startsWith('g.')) return `group/${key.slice(2)}`;
  const pair = key.slice(2).split('.');
  if (!pair.includes(viewerId)) return null;
  const partner = pair[0] === viewerId ? pair[1] : pair[0];
  return `member/${partner ?? viewerId}`;
};

/** One stream per conversation: its messages, who received and read how far, who muted it. */
export const chatStream = (key: string): string => `chat-${key}`;

// ---- abilities: one rule for the flags the console receives and for what the server accepts ----

export type ChatFacts =
  | { type: 'member'; partner: { exists: boolean; erased: boolean; active: boolean; external: boolean } | null }
  | { type: 'group'; group: { exists: boolean; chat_enabled: boolean; archived: boolean; member_ids: readonly string[] } | null };

export interface ChatViewer {
  member_id: string;
  /** memberAbilities(...).chat: externals only where guest_users_allow_chat */
  can_chat: boolean;
  external: boolean;
}

export interface ChatCan {
  /** see the chat and its messages, mark them, mute it */
  read: boolean;
  /** post (the composer's write flag) */
  write: boolean;
  /** open a private chat with a message's author from this chat (hidden in member chats and for externals) */
  start_private_chat: boolean;
}

export const chatAbilities = (facts: ChatFacts, viewer: ChatViewer, partnerId?: string): ChatCan => {
  if (!viewer.can_chat) return { read: false, write: false, start_private_chat: false };
  if (facts.type === 'member') {
    const partner = facts.partner;
    const read = partner !== null && partner.exists && partnerId !== viewer.member_id;
    return { read, write: read && !partner.erased && partner.active, start_private_chat: false };
  }
  const group = facts.group;
  const read = group !== null && group.exists && group.chat_enabled && group.member_ids.includes(viewer.member_id);
  return { read, write: read && !group.archived, start_private_chat: read && !viewer.external };
};

// ---- requests (socket actions and HTTP bodies) ----

/** message text: bidi controls removed; control characters but line breaks and tabs refused; something must remain */
export const chatTextSchema = z
  .string({ message: 'required' })
  .transform(stripBidiControls)
  .pipe(
    z
      .string()
      .max(CHAT_MESSAGE_MAX, { message: 'too_long' })
      .refine((text) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(text), { message: 'invalid_characters' })
      .refine((text) => text.trim().length > 0, { message: 'required' }),
  );

const messageIdSchema = z.string({ message: 'required' }).regex(/^[A-Za-z0-9_-]{8,64}$/, { message: 'invalid_format' });

/** POST /api/v1/chats/{type}/{id}/messages and the socket's send */
export const postChatMessageRequestSchema = z
  .object({
    /** chosen by the client, so that a message sent again after a lost connection is stored once */
    message_id: messageIdSchema,
    text: chatTextSchema,
    quoted_message_id: messageIdSchema.nullable().default(null),
  })
  .strict();
export type PostChatMessageRequest = z.input<typeof postChatMessageRequestSchema>;

/** POST /api/v1/chats/{type}/{id}/read and /received: everything up to this message */
export const markChatRequestSchema = z.object({ message_id: messageIdSchema }).strict();
export type MarkChatRequest = z.input<typeof markChatRequestSchema>;

const isoInstant = z.string({ message: 'required' }).refine((value) => !Number.isNaN(Date.parse(value)) && /^\d{4}-\d{2}-\d{2}T/.test(value), { message: 'invalid_format' });

/** PUT /api/v1/chats/{type}/{id}/mute: until when (the console computes the end of the day or week in its own time zone) */
export const muteChatRequestSchema = z.object({ until: isoInstant, app: z.boolean().default(false) }).strict();
export type MuteChatRequest = z.input<typeof muteChatRequestSchema>;

// ---- events (all on chatStream(key)) ----

export const ChatMessagePosted = defineEvent(
  'ChatMessagePosted',
  1,
  z.object({
    chat_key: z.string(),
    message_id: z.string(),
    /** 1, 2, ... in the chat: unread counts and delivery states go by it */
    seq: z.number().int(),
    author_id: z.string(),
    /** encrypted under the author's key */
    text: personal(z.string()),
    quoted_message_id: z.string().nullable(),
    /** the members of the chat the text mentions (`[@Name](/members/{id})`), not the author: their bells ring */
    mentioned_ids: z.array(z.string()).optional(),
  }),
);
/** a member's console has the chat's messages up to seq (only forward) */
export const ChatMessagesReceived = defineEvent(
  'ChatMessagesReceived',
  1,
  z.object({ chat_key: z.string(), member_id: z.string(), up_to_seq: z.number().int(), message_id: z.string() }),
);
/** a member has read the chat up to seq (only forward) */
export const ChatMessagesRead = defineEvent(
  'ChatMessagesRead',
  1,
  z.object({ chat_key: z.string(), member_id: z.string(), up_to_seq: z.number().int(), message_id: z.string() }),
);
export const ChatMuted = defineEvent('ChatMuted', 1, z.object({ chat_key: z.string(), member_id: z.string(), until: z.string(), app: z.boolean() }));
/** turned off by the member, or `expired`: the scheduler's timer ran out */
export const ChatUnmuted = defineEvent('ChatUnmuted', 1, z.object({ chat_key: z.string(), member_id: z.string(), app: z.boolean(), expired: z.boolean() }));

export const chatEvents = [ChatMessagePosted, ChatMessagesReceived, ChatMessagesRead, ChatMuted, ChatUnmuted] as const;
export type ChatEvent = EventOf<(typeof chatEvents)[number]>;

// ---- drafts: one member's unsent text in one chat, on a stream of its own ----

/**
 * A member's draft of one chat lives on its own stream: saving it (at most once a second while typing)
 * never contends with the chat's messages, and nobody but its author ever decides on it.
 */
export const chatDraftStream = (key: string, memberId: string): string => `chat-draft-${key}-${memberId}`;

/** a draft may be empty (cleared) and keeps line breaks; control characters are refused as in a message */
export const chatDraftTextSchema = z
  .string({ message: 'required' })
  .transform(stripBidiControls)
  .pipe(
    z
      .string()
      .max(CHAT_MESSAGE_MAX, { message: 'too_long' })
      .refine((text) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(text), { message: 'invalid_characters' }),
  );

/** PUT /api/v1/chats/{type}/{id}/draft and the socket's save_draft */
export const saveChatDraftRequestSchema = z.object({ text: chatDraftTextSchema }).strict();
export type SaveChatDraftRequest = z.input<typeof saveChatDraftRequestSchema>;

/**
 * the member's unsent text ('' cleared it), encrypted under their key: personal data, sealed in every read
 * model, and redacted (never revealed) in the audit's answers and exports
 */
export const ChatDraftSaved = defineEvent('ChatDraftSaved', 1, z.object({ chat_key: z.string(), member_id: z.string(), text: personal(z.string()) }), { verifiers: ['text'] });

export const chatDraftEvents = [ChatDraftSaved] as const;
export type ChatDraftEvent = EventOf<(typeof chatDraftEvents)[number]>;
