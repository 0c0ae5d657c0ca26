import { z } from 'zod';
import { PRESENCE_TYPES } from '../common/constants';
import { chatDraftTextSchema, chatTextSchema, type ChatCan } from './chat';
import { CHAT_MUTE_FOREVER, CHAT_RESUME_MAX_CHATS } from './chat-constants';

// ---- what the console sends on /api/chat/socket ----

const chatIdField = z.string({ message: 'required' }).max(80, { message: 'too_long' });
const messageIdField = z.string({ message: 'required' }).regex(/^[A-Za-z0-9_-]{8,64}$/, { message: 'invalid_format' });
const until = z.string({ message: 'required' }).refine((value) => !Number.isNaN(Date.parse(value)), { message: 'invalid_format' });

/** every action may carry a `ref` the answer repeats (the console matches answers to requests) */
const ref = z.string().max(64).optional();

export const chatSocketActionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('my_chats'), ref }),
  /**
   * after a reconnect: per chat the console has messages of, the last seq it saw; the server replays what is
   * newer per chat (a chat not named: what none of the member's consoles received, its latest page at most),
   * in log order, then the chats. Per chat, not by log position: with several bus partitions a message of
   * one chat may be stored at a lower position than one of another chat that arrived first.
   */
  z.object({
    action: z.literal('resume'),
    chats: z
      .record(chatIdField, z.number({ message: 'required' }).int().min(0))
      .refine((seen) => Object.keys(seen).length <= CHAT_RESUME_MAX_CHATS, { message: 'too_many' })
      .default({}),
    ref,
  }),
  z.object({ action: z.literal('chat_details'), chat_id: chatIdField, ref }),
  z.object({ action: z.literal('more_messages'), chat_id: chatIdField, before_seq: z.number().int().min(1), ref }),
  z.object({ action: z.literal('send'), chat_id: chatIdField, message_id: messageIdField, text: chatTextSchema, quoted_message_id: messageIdField.nullable().default(null), ref }),
  z.object({ action: z.literal('mark_as_received'), chat_id: chatIdField, message_id: messageIdField, ref }),
  z.object({ action: z.literal('mark_as_read'), chat_id: chatIdField, message_id: messageIdField, ref }),
  z.object({ action: z.literal('mute_chat'), chat_id: chatIdField, until, ref }),
  z.object({ action: z.literal('unmute_chat'), chat_id: chatIdField, ref }),
  z.object({ action: z.literal('mute_chat_app'), chat_id: chatIdField, until, ref }),
  z.object({ action: z.literal('unmute_chat_app'), chat_id: chatIdField, ref }),
  z.object({ action: z.literal('create_chat'), id: z.string({ message: 'required' }).max(64), type: z.enum(['member', 'group']), ref }),
  z.object({ action: z.literal('set_status'), type: z.enum(PRESENCE_TYPES), text: z.string().max(200).default(''), ref }),
  z.object({ action: z.literal('composing'), chat_id: chatIdField, ref }),
  /** the composer's unsent text ('' clears it), sent at most once a second; follows the member to their other consoles */
  z.object({ action: z.literal('save_draft'), chat_id: chatIdField, text: chatDraftTextSchema, ref }),
]);
export type ChatSocketAction = z.input<typeof chatSocketActionSchema>;
export type ParsedChatSocketAction = z.output<typeof chatSocketActionSchema>;

export { CHAT_MUTE_FOREVER };

// ---- what the server sends ----

export type ChatDeliveryState = 'pushed' | 'persisted' | 'received' | 'read';

export interface ChatAuthor {
  id: string;
  name: string;
  deleted: boolean;
  /** the profile image's version (changes with the image); null without one, and always for a deleted author */
  image_id: string | null;
  /** where the console loads it (`images.small` of the member: `/members/{id}/image?v=`); null as image_id */
  image_url: string | null;
}

export interface ChatMessageDto {
  id: string;
  chat_id: string;
  seq: number;
  text: string;
  from: ChatAuthor;
  created_at: string;
  quoted_message: { id: string; text: string; from: ChatAuthor } | null;
  /** the log position that stored it (a reconnecting console resumes per chat by `seq`) */
  position: number;
}

export interface ChatPartnerState {
  last_received_id: string | null;
  last_read_id: string | null;
  last_received_seq: number;
  last_read_seq: number;
}

export interface ChatDto {
  id: string;
  type: 'member' | 'group';
  name: string;
  /** group chats: the group's category (the new-chat search groups by it) */
  category?: string | null;
  /** the partner's or the group's profile image (version and URL); null without one, and for a deleted partner */
  image_id: string | null;
  image_url: string | null;
  last_message: { from: string; text: string; seq: number } | null;
  last_interacted_at: string | null;
  state: { last_read_id: string | null; last_read_seq: number };
  unread_count: number;
  muted: boolean;
  muted_until: string | null;
  app_muted_until: string | null;
  /** member chats: the partner's presence as the viewer may see it */
  status: { type: 'online' | 'busy' | 'invisible'; text: string } | null;
  partner_state: ChatPartnerState;
  can: ChatCan;
  /** the write flag of the composer */
  write: boolean;
  /**
   * the viewer's own unsent text of this chat and the log position that saved it ('' when cleared; null
   * when never saved): the chat list's draft marker. Only ever answered to that member.
   */
  draft: { text: string; position: number } | null;
}

export type ChatServerEvent =
  | { event: 'my_chats'; chats: ChatDto[]; unread_total: number; ref?: string }
  | { event: 'chat'; chat: ChatDto; unread_total: number }
  /** `draft`: the viewer's own unsent text in this chat ('' none); nobody else ever receives it */
  | { event: 'chat_details'; chat: ChatDto; messages: ChatMessageDto[]; more: boolean; draft: string; ref?: string }
  | { event: 'more_messages'; chat_id: string; messages: ChatMessageDto[]; more: boolean; ref?: string }
  | { event: 'message'; message: ChatMessageDto }
  | { event: 'persisted'; chat_id: string; message_id: string; position: number; ref?: string }
  | { event: 'mark_as_received'; chat_id: string; partner_state: ChatPartnerState }
  | { event: 'composing'; chat_id: string; member_id: string; name: string }
  /** the member's draft of a chat changed (saved on another of their consoles, or cleared by sending) */
  | { event: 'draft'; chat_id: string; text: string; position: number }
  | { event: 'my_profile'; id: string; name: string; status: { type: 'online' | 'busy' | 'invisible'; text: string } | null }
  | { event: 'network_info'; name: string; anonymize: boolean }
  | { event: 'resumed'; ref?: string; position: number }
  | { event: 'ok'; ref?: string; position: number }
  | { event: 'error'; ref?: string; action: string; status: number; key: string; field?: string };

/** POST /api/v1/chat_token */
export interface ChatTokenResponse {
  token: string;
  expires_at: string;
}

