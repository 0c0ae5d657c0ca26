import { eventOf, messageEvents, type EncryptedEnvelope, type MessageAttachment, type MessageBox } from '@cn/contracts';
import type { ProjectedDocument, Projection } from '@cn/domain';

/**
 * One participant's copy of a message: the author's (sent) and each recipient's (inbox), each with its own
 * read mark; deleting one's copy removes it and leaves the others. No personal data: the subject and the
 * content live sealed in the message bodies.
 */
export interface MessageCopyDocument extends ProjectedDocument {
  message_id: string;
  member_id: string;
  box: MessageBox;
  read: boolean;
  conversation_id: string;
  created_at: string;
  /** the position that sent it: lists go by it, newest first */
  created_position: number;
}

export const messageCopyId = (messageId: string, memberId: string): string => `${messageId}:${memberId}`;

export const messageCopiesProjection: Projection<MessageCopyDocument> = {
  name: 'message_copies',
  version: 1,
  eventTypes: messageEvents.map((definition) => definition.type),
  documentIds: (recorded) => {
    const event = eventOf(messageEvents, recorded);
    if (event === null) return [];
    if (event.type === 'MessageSent') return [event.data.author_id, ...event.data.recipient_ids].map((memberId) => messageCopyId(event.data.message_id, memberId));
    return [messageCopyId(event.data.message_id, event.data.member_id)];
  },
  evolve: (doc, recorded, id) => {
    const event = eventOf(messageEvents, recorded);
    switch (event?.type) {
      case 'MessageSent': {
        if (doc) return doc;
        const memberId = id.slice(event.data.message_id.length + 1);
        const sent = memberId === event.data.author_id;
        return {
          _id: id,
          message_id: event.data.message_id,
          member_id: memberId,
          box: sent ? 'sent' : 'inbox',
          read: sent,
          conversation_id: event.data.conversation_id,
          created_at: recorded.metadata.occurredAt,
          created_position: recorded.position,
        };
      }
      case 'MessageMarkedRead':
        return doc && { ...doc, read: true };
      case 'MessageMarkedUnread':
        return doc && { ...doc, read: false };
      case 'MessageDeleted':
        return null;
      default:
        return doc;
    }
  },
  indexes: [
    ['member_id', 'box', 'created_position'],
    ['member_id', 'conversation_id'],
  ],
};

/**
 * What a message says, once per message. Subject and content stay sealed under the author's key (this read
 * model runs under the sealed projector): every answer reveals them, so erasing the author blanks them
 * everywhere without touching this collection.
 */
export interface MessageBodyDocument extends ProjectedDocument {
  author_id: string;
  conversation_id: string;
  recipient_ids: string[];
  to_member_ids: string[];
  to_group_ids: string[];
  to_all_network_members: boolean;
  forwarded_message_id: string | null;
  subject: EncryptedEnvelope | string;
  content: EncryptedEnvelope | string;
  /** the files it carries, each pinned to the version attached (no personal data: file names are the files') */
  attachments: MessageAttachment[];
  created_at: string;
}

export const messageBodiesProjection: Projection<MessageBodyDocument> = {
  name: 'message_bodies',
  // 2: attachments
  version: 2,
  eventTypes: ['MessageSent'],
  documentIds: (recorded) => [(recorded.data as { message_id: string }).message_id],
  evolve: (doc, recorded, id) => {
    const event = eventOf(messageEvents, recorded);
    if (event?.type !== 'MessageSent' || doc) return doc;
    const { data } = event;
    return {
      _id: id,
      author_id: data.author_id,
      conversation_id: data.conversation_id,
      recipient_ids: data.recipient_ids,
      to_member_ids: data.to_member_ids,
      to_group_ids: data.to_group_ids,
      to_all_network_members: data.to_all_network_members,
      forwarded_message_id: data.forwarded_message_id,
      subject: data.subject,
      content: data.content,
      attachments: data.attachments,
      created_at: recorded.metadata.occurredAt,
    };
  },
};
