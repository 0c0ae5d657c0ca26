import { z } from 'zod';
import { defineEvent, personal, type EventOf } from '../common/events';
import { attachmentIdsSchema, fileAttachmentSchema, type FileAttachment } from '../files/file-attachments';
import type { MemberLink } from '../channels/channels';
import { MESSAGES_PER_PAGE } from './message-constants';

/** Direct messages (spec "messages, files, …": §2 screens, §3 Message, §4–§9). */

// ---- constants ----

export const MESSAGE_SUBJECT_MAX = 255;
export const MESSAGE_CONTENT_MAX = 20_000;
/** member ids and group ids a message may name; the whole network goes through to_all_network_members */
export const MESSAGE_TARGETS_MAX = 100;
/** message ids of one batch (mark read, unread, delete) */
export const MESSAGE_BATCH_MAX = 100;
/** which copy of a message: the one received (inbox) or the one sent */
export const MESSAGE_BOXES = ['inbox', 'sent'] as const;
export type MessageBox = (typeof MESSAGE_BOXES)[number];

/** files one message carries */
export const MESSAGE_ATTACHMENTS_MAX = 20;

export const MESSAGE_ERROR_KEYS = ['missing_recipient', 'unknown_recipient', 'network_admins_only', 'not_group_admin', 'unknown_attachment', 'unknown_conversation'] as const;

// ---- streams ----

/** One stream per message: the sent message and each participant's read and deleted marks. */
export const messageStream = (messageId: string): string => `message-${messageId}`;

// ---- abilities ----

/** who asks, as a message rule sees them */
export interface MessageSender {
  member_id: string;
  /** memberAbilities(...).send_direct_messages */
  can_send: boolean;
  network_admin: boolean;
}

export interface MessagingCan {
  /** new message, reply, reply all (§6) */
  send_direct_messages: boolean;
  /** the all-network option (network administrators) */
  send_to_network: boolean;
  /** which groups the picker offers: every group, or only those the member administers */
  send_to_any_group: boolean;
}

/**
 * The one rule of direct messages: the command side refuses with it, the read side answers it as `can`
 * flags, so the console offers exactly what the server accepts.
 */
export const messagingAbilities = (sender: MessageSender): MessagingCan => ({
  send_direct_messages: sender.can_send,
  send_to_network: sender.can_send && sender.network_admin,
  send_to_any_group: sender.can_send && sender.network_admin,
});

/** a group as a recipient: network administrators send to any group, others only to groups they administer (§5) */
export const mayMessageGroup = (sender: MessageSender, groupAdmin: boolean): boolean => sender.can_send && (sender.network_admin || groupAdmin);

export interface MessageCan {
  /** reply and reply all: a received message, if the member may send */
  reply: boolean;
  /** forward: any message the member holds, if they may send (§2: shown in sent too) */
  forward: boolean;
  /** read and unread marks exist only on a received copy */
  mark_read: boolean;
  destroy: boolean;
}

export const messageAbilities = (box: MessageBox, sender: MessageSender): MessageCan => ({
  reply: box === 'inbox' && sender.can_send,
  forward: sender.can_send,
  mark_read: box === 'inbox',
  destroy: true,
});

// ---- requests ----

const ids = z.array(z.string({ message: 'invalid_type' }).min(1, { message: 'required' }).max(100, { message: 'too_long' })).max(MESSAGE_TARGETS_MAX, { message: 'too_big' });

/** POST /api/v1/messages: the new message payload (§3) */
export const sendMessageRequestSchema = z
  .object({
    to: ids.default([]),
    to_group: ids.default([]),
    to_all_network_members: z.boolean({ message: 'invalid_type' }).default(false),
    subject: z.string({ message: 'invalid_type' }).trim().max(MESSAGE_SUBJECT_MAX, { message: 'too_long' }).default(''),
    content: z
      .string({ message: 'required' })
      .max(MESSAGE_CONTENT_MAX, { message: 'too_long' })
      .refine((text) => text.trim().length > 0, { message: 'required' }),
    /** file ids (or `{ id }`): the author's own uploads or files they may read; a forward carries the forwarded message's as well */
    attachments: attachmentIdsSchema(MESSAGE_ATTACHMENTS_MAX),
    /** a reply: the conversation it continues (the id of any message of it the sender holds) */
    conversation_starter_id: z.string({ message: 'invalid_type' }).min(1, { message: 'required' }).max(100, { message: 'too_long' }).nullable().optional(),
    /** a forward: the message forwarded (the sender must hold it) */
    forwarded_message_id: z.string({ message: 'invalid_type' }).min(1, { message: 'required' }).max(100, { message: 'too_long' }).nullable().optional(),
  })
  .strict()
  .refine((body) => body.to.length > 0 || body.to_group.length > 0 || body.to_all_network_members, { message: 'missing_recipient', path: ['to'] });
export type SendMessageRequest = z.input<typeof sendMessageRequestSchema>;

/** POST/DELETE /api/v1/messages/read, DELETE /api/v1/messages/delete and …/sent/delete: `{ message_ids }` */
export const messageBatchRequestSchema = z
  .object({
    message_ids: z
      .array(z.string({ message: 'invalid_type' }).min(1, { message: 'required' }).max(100, { message: 'too_long' }), { message: 'required' })
      .min(1, { message: 'required' })
      .max(MESSAGE_BATCH_MAX, { message: 'too_big' }),
  })
  .strict();
export type MessageBatchRequest = z.input<typeof messageBatchRequestSchema>;

/** GET /api/v1/messages and /api/v1/messages/sent */
export const messageListQuerySchema = z.object({
  limit: z.coerce.number({ message: 'invalid_type' }).int({ message: 'invalid_type' }).min(1, { message: 'too_small' }).max(50, { message: 'too_big' }).default(MESSAGES_PER_PAGE),
  offset: z.coerce.number({ message: 'invalid_type' }).int({ message: 'invalid_type' }).min(0, { message: 'too_small' }).max(1_000_000, { message: 'too_big' }).default(0),
});

/** GET /api/v1/messages/recipients?q= */
export const recipientQuerySchema = z.object({ q: z.string({ message: 'invalid_type' }).max(100, { message: 'too_long' }).default('') });

// ---- events ----

/**
 * A message sent: the recipients as they were at the moment of sending (groups and the whole network
 * expanded to their members, the sender left out), subject and content encrypted under the author's key.
 * conversation_id: the first message of the conversation (its own id for a new one).
 */
export const messageAttachmentSchema = fileAttachmentSchema;
export type MessageAttachment = FileAttachment;

export const MessageSent = defineEvent(
  'MessageSent',
  2,
  z.object({
    message_id: z.string(),
    conversation_id: z.string(),
    author_id: z.string(),
    recipient_ids: z.array(z.string()),
    to_member_ids: z.array(z.string()),
    to_group_ids: z.array(z.string()),
    to_all_network_members: z.boolean(),
    forwarded_message_id: z.string().nullable(),
    subject: personal(z.string()),
    content: personal(z.string()),
    /** version 2: the files the message carries (its own and, for a forward, the forwarded message's) */
    attachments: z.array(messageAttachmentSchema),
  }),
  // a private message is for its participants only: the audit log shows that it was sent, never what it
  // says, nor the names of the files it carries
  { verifiers: ['subject', 'content', 'attachments'], upcasters: { 1: (data) => ({ ...data, attachments: [] }) } },
);
/** a recipient's copy read or unread again */
export const MessageMarkedRead = defineEvent('MessageMarkedRead', 1, z.object({ message_id: z.string(), member_id: z.string() }));
export const MessageMarkedUnread = defineEvent('MessageMarkedUnread', 1, z.object({ message_id: z.string(), member_id: z.string() }));
/** one participant's copy deleted: the others keep theirs */
export const MessageDeleted = defineEvent('MessageDeleted', 1, z.object({ message_id: z.string(), member_id: z.string() }));

export const messageEvents = [MessageSent, MessageMarkedRead, MessageMarkedUnread, MessageDeleted] as const;
export type MessageEvent = EventOf<(typeof messageEvents)[number]>;

// ---- answers ----

export interface MessageSentAccepted {
  id: string;
  position: number;
}
export const messageSentAcceptedSchema = z.object({ id: z.string(), position: z.number().int() }) satisfies z.ZodType<MessageSentAccepted>;

export interface MessageRecipientDto {
  id: string;
  name: string;
  path: string;
}

/** one message as a list row and as a conversation entry shows it (§2, §3) */
export interface MessageDto {
  id: string;
  box: MessageBox;
  subject: string;
  /** plain text */
  content: string;
  /** the first 140 characters of the content, on one line */
  snippet: string;
  created_at: string;
  author: MemberLink | null;
  /** the members the author named one by one (not those reached through a group or the network) */
  to: MessageRecipientDto[];
  to_count: number;
  /** how many of `to` (they come first) the author named, rather than received through a group or the network */
  to_named_count: number;
  to_groups: Array<{ id: string; name: string; slug: string }>;
  to_all_network_members: boolean;
  conversation_starter_id: string;
  conversation_length: number;
  has_replies: boolean;
  has_attachments: boolean;
  attachments: MessageAttachmentDto[];
  forwarded_message_id: string | null;
  i: { read: boolean };
  can: MessageCan;
}

/** a file a message carries: `url` downloads it through the message (GET /api/v1/messages/{id}/files/{fileId}) */
export interface MessageAttachmentDto {
  id: string;
  original_filename: string;
  extension: string;
  content_type: string;
  size: number;
  url: string;
  /** an image's 200x200 preview through the message (`url` with `size=small`), null for other files */
  thumbnail_url: string | null;
  /** fileReadAccess with the message held: the download route answers the same */
  can: { download: boolean };
}

/** the detail: the message and its conversation as the member holds it, newest first */
export interface MessageDetailDto extends MessageDto {
  conversation: MessageDto[];
}

export interface MessagesResponse {
  messages: MessageDto[];
  total: number;
  limit: number;
  offset: number;
  unread_count: number;
  can: MessagingCan;
}

/** GET /api/v1/unreads/messages: the badge's count (the notifications helper may merge it into /api/v1/unreads) */
export interface UnreadMessagesResponse {
  total: number;
}

export interface RecipientOptionsResponse {
  members: Array<{ id: string; name: string; path: string }>;
  groups: Array<{ id: string; slug: string; name: string; member_count: number }>;
  can: MessagingCan;
}
