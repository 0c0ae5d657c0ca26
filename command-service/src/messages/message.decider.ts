import { mayMessageGroup, type EncryptedEnvelope, type MessageAttachment, type MessageBox, type MessageEvent, type MessageSender } from '@cn/contracts';
import { DomainError, type Decider } from '@cn/domain';
import { acceptAttachments, type AttachableFile } from '../files/attaching-files';

/** One participant's copy of a message: its author's (sent) or a recipient's (inbox). */
export interface MessageCopyState {
  box: MessageBox;
  read: boolean;
  deleted: boolean;
}

/** A message as its commands decide on it: who holds a copy, and each copy's marks. */
export interface MessageState {
  exists: boolean;
  message_id: string;
  conversation_id: string;
  author_id: string;
  copies: Record<string, MessageCopyState>;
  /** the files it carries (a forward carries them on) */
  attachments: MessageAttachment[];
}

export const initialMessageState = (): MessageState => ({ exists: false, message_id: '', conversation_id: '', author_id: '', copies: {}, attachments: [] });

const withCopy = (state: MessageState, memberId: string, change: Partial<MessageCopyState>): MessageState => {
  const copy = state.copies[memberId];
  return copy ? { ...state, copies: { ...state.copies, [memberId]: { ...copy, ...change } } } : state;
};

export const evolveMessage = (state: MessageState, event: MessageEvent): MessageState => {
  switch (event.type) {
    case 'MessageSent': {
      const copies: Record<string, MessageCopyState> = { [event.data.author_id]: { box: 'sent', read: true, deleted: false } };
      for (const recipient of event.data.recipient_ids) copies[recipient] = { box: 'inbox', read: false, deleted: false };
      return {
        exists: true,
        message_id: event.data.message_id,
        conversation_id: event.data.conversation_id,
        author_id: event.data.author_id,
        copies,
        attachments: event.data.attachments,
      };
    }
    case 'MessageMarkedRead':
      return withCopy(state, event.data.member_id, { read: true });
    case 'MessageMarkedUnread':
      return withCopy(state, event.data.member_id, { read: false });
    case 'MessageDeleted':
      return withCopy(state, event.data.member_id, { deleted: true });
    default:
      return state;
  }
};

/** a group named as a recipient, with its members as they are now and whether the sender administers it */
export interface RecipientGroup {
  group_id: string;
  exists: boolean;
  sender_is_admin: boolean;
  member_ids: string[];
}

export interface SendMessage {
  type: 'SendMessage';
  message_id: string;
  sender: MessageSender;
  /** the member ids named, each with whether it is an active member */
  to: Array<{ member_id: string; active: boolean }>;
  to_group: RecipientGroup[];
  to_all_network_members: boolean;
  /** every active member, when the whole network is addressed */
  network_member_ids: string[];
  /** a reply: the conversation continued, and whether the sender holds a message of it (null: a new conversation) */
  conversation: { conversation_id: string; held: boolean } | null;
  /** a forward: the message forwarded, whether the sender holds it, and the files it carries */
  forwarded: { message_id: string; held: boolean; attachments: MessageAttachment[] } | null;
  /** the files the sender attaches, each with the facts of the file read rule (null: no such file) */
  attachments: AttachableFile[];
  subject: EncryptedEnvelope | string;
  content: EncryptedEnvelope | string;
}

/** mark read, mark unread or delete one's own copy; box: which copy the route names */
export interface MarkMessage {
  type: 'MarkMessage';
  member_id: string;
  action: 'read' | 'unread' | 'delete';
  box: MessageBox | 'any';
}

export type MessageCommand = SendMessage | MarkMessage;

const refuse = (key: string, kind: 'invalid' | 'forbidden' | 'not_found' | 'conflict' | 'refused', field?: string): never => {
  throw new DomainError(key, kind, field);
};

const decideSend = (command: SendMessage, state: MessageState): MessageEvent[] => {
  const { sender } = command;
  if (!sender.can_send) refuse('forbidden', 'forbidden');
  if (command.to_all_network_members && !sender.network_admin) refuse('network_admins_only', 'forbidden', 'to_all_network_members');
  for (const group of command.to_group) {
    if (!group.exists) refuse('unknown_recipient', 'refused', 'to_group');
    if (!mayMessageGroup(sender, group.sender_is_admin)) refuse('not_group_admin', 'forbidden', 'to_group');
  }
  if (command.to.some((entry) => !entry.active)) refuse('unknown_recipient', 'refused', 'to');
  if (command.conversation && !command.conversation.held) refuse('unknown_conversation', 'not_found', 'conversation_starter_id');
  if (command.forwarded && !command.forwarded.held) refuse('not_found', 'not_found', 'forwarded_message_id');
  // the files rule: the sender's own uploads and files they may read; any other id is refused alike, so
  // nobody learns which ids name a file
  const attachments = new Map(acceptAttachments(command.attachments).map((attachment) => [attachment.file_id, attachment]));
  for (const carried of command.forwarded?.attachments ?? []) if (!attachments.has(carried.file_id)) attachments.set(carried.file_id, carried);
  if (state.exists) refuse('concurrency_conflict', 'conflict');
  // the recipients as they are now, in the order named; the sender never receives their own message
  const recipients = new Set<string>();
  for (const entry of command.to) recipients.add(entry.member_id);
  for (const group of command.to_group) for (const memberId of group.member_ids) recipients.add(memberId);
  if (command.to_all_network_members) for (const memberId of command.network_member_ids) recipients.add(memberId);
  recipients.delete(sender.member_id);
  if (recipients.size === 0) refuse('missing_recipient', 'invalid', 'to');
  return [
    {
      type: 'MessageSent',
      data: {
        message_id: command.message_id,
        conversation_id: command.conversation?.conversation_id ?? command.message_id,
        author_id: sender.member_id,
        recipient_ids: [...recipients],
        to_member_ids: [...new Set(command.to.map((entry) => entry.member_id))],
        to_group_ids: command.to_group.map((group) => group.group_id),
        to_all_network_members: command.to_all_network_members,
        forwarded_message_id: command.forwarded?.message_id ?? null,
        subject: command.subject,
        content: command.content,
        attachments: [...attachments.values()],
      },
    },
  ];
};

const decideMark = (command: MarkMessage, state: MessageState): MessageEvent[] => {
  const copy = state.exists ? state.copies[command.member_id] : undefined;
  // a message the member does not hold (or deleted) does not exist for them
  if (!copy || copy.deleted || (command.box !== 'any' && command.box !== copy.box)) return refuse('not_found', 'not_found', 'message_ids');
  const data = { message_id: state.message_id, member_id: command.member_id };
  switch (command.action) {
    case 'delete':
      return [{ type: 'MessageDeleted', data }];
    case 'read':
      if (copy.box !== 'inbox') return refuse('not_found', 'not_found', 'message_ids');
      // what already holds changes nothing: a second click or another tab count once
      return copy.read ? [] : [{ type: 'MessageMarkedRead', data }];
    case 'unread':
      if (copy.box !== 'inbox') return refuse('not_found', 'not_found', 'message_ids');
      return copy.read ? [{ type: 'MessageMarkedUnread', data }] : [];
    default: {
      const unknown: never = command.action;
      throw new Error(`unknown message action ${String(unknown)}`);
    }
  }
};

export const decideMessage = (command: MessageCommand, state: MessageState): MessageEvent[] => {
  switch (command.type) {
    case 'SendMessage':
      return decideSend(command, state);
    case 'MarkMessage':
      return decideMark(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`unknown message command ${JSON.stringify(unknown)}`);
    }
  }
};

export const messageDecider: Decider<MessageState, MessageCommand, MessageEvent> = {
  initialState: initialMessageState,
  evolve: evolveMessage,
  decide: decideMessage,
};
