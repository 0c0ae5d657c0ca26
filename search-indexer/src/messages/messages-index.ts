import { MemberErased, MessageDeleted, MessageSent } from '@cn/contracts';
import type { PersonalDataCipher, SearchCollection, SearchDocument } from '@cn/platform';
import { findById, searchIndexDefinition, type Indexing } from '../core/search-feature';
import { allMatching } from '../core/search-text';

/**
 * A direct message as the global search finds it: subject and content revealed with the author's key
 * (docs/MESSAGES.md), found only by the participants who still hold a copy (`holder_ids`).
 */
export interface MessageSearchDocument extends SearchDocument {
  id: string;
  conversation_id: string;
  author_id: string;
  /** the members named one by one (the hit's `to`); members reached through a group or the network are not listed */
  to_member_ids: string[];
  /** who finds it: the author and the recipients, less those who deleted their copy */
  holder_ids: string[];
  subject: string;
  content: string;
  created_at: string;
}

export const MESSAGES_INDEX_DEFINITION = searchIndexDefinition<MessageSearchDocument>('messages', {
  searchableAttributes: ['subject', 'content'],
  filterableAttributes: ['id', 'author_id', 'holder_ids'],
  sortableAttributes: ['created_at', 'id'],
});

export type MessagesIndex = SearchCollection<MessageSearchDocument>;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const ids = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

/**
 * Keeps the messages index. Erasing the author removes their messages (their key is gone: what they
 * wrote is nobody's to find any more); a replay after the erasure reveals nothing and removes them again.
 */
export const messagesIndexing = (index: MessagesIndex, cipher: PersonalDataCipher): Indexing => ({
  eventTypes: [MessageSent.type, MessageDeleted.type, MemberErased.type],
  handle: async (event) => {
    switch (event.type) {
      case MessageSent.type: {
        const data = await cipher.reveal(event.data as Record<string, unknown>);
        const id = text(data.message_id);
        const authorId = text(data.author_id);
        await index.upsert([
          {
            id,
            conversation_id: text(data.conversation_id),
            author_id: authorId,
            to_member_ids: ids(data.to_member_ids),
            holder_ids: [...new Set([authorId, ...ids(data.recipient_ids)])],
            subject: text(data.subject),
            content: text(data.content),
            created_at: event.metadata.occurredAt,
          },
        ]);
        return;
      }
      case MessageDeleted.type: {
        const data = event.data as Record<string, unknown>;
        const doc = await findById(index, text(data.message_id));
        if (!doc) return;
        const holders = doc.holder_ids.filter((holder) => holder !== text(data.member_id));
        if (holders.length === 0) await index.delete([doc.id]);
        else await index.upsert([{ ...doc, holder_ids: holders }]);
        return;
      }
      case MemberErased.type: {
        const memberId = text((event.data as Record<string, unknown>).member_id);
        const written = await allMatching(index, { author_id: memberId });
        if (written.length > 0) await index.delete(written.map((doc) => doc.id));
        return;
      }
    }
  },
});
