import { chatIdForViewer } from '@cn/contracts';
import type { DocumentStore, PersonalDataCipher } from '@cn/platform';
import type { ChangePublisher } from '../realtime/change-publisher';
import { chatHubOf } from './chat-hub';
import { chatAccessOf, chatDtoOf, chatMembersOf, chatReaderOf, messageDtos, myChats } from './chat-views';
import { chatMessagesProjection, chatsProjection, type ChatDocument, type ChatMessageDocument } from './chat.projections';
import { collectionName } from '@cn/domain';

/**
 * A new message reaches the open chat sockets of the chat's members (the group's members where its chat
 * is enabled), as each of them may see it; a chat's change (a message, a delivery state, a mute) sends
 * each member their view of it with the badge's total, and the partners the new delivery state.
 */
export const chatPublishers = (store: DocumentStore, cipher: PersonalDataCipher, clock: () => Date): ChangePublisher[] => [
  {
    collection: collectionName(chatMessagesProjection),
    publish: async (change, hub) => {
      const doc = change.doc as ChatMessageDocument | null;
      if (!doc) return;
      const chats = chatHubOf(hub);
      for (const memberId of await chatMembersOf(store, doc.chat_key)) {
        if (!chats.isConnected(memberId)) continue;
        const reader = await chatReaderOf(store, memberId);
        const chatId = reader ? chatIdForViewer(doc.chat_key, memberId) : null;
        if (!reader || !chatId) continue;
        const access = await chatAccessOf(store, reader, chatId);
        if (!access?.can.read) continue;
        const [message] = await messageDtos(store, cipher, reader, [doc]);
        for (const connection of chats.connectionsOf(memberId)) connection.message(message);
      }
    },
  },
  {
    collection: collectionName(chatsProjection),
    publish: async (change, hub) => {
      const doc = change.doc as ChatDocument | null;
      if (!doc) return;
      const chats = chatHubOf(hub);
      const now = clock();
      for (const memberId of await chatMembersOf(store, doc._id)) {
        if (!chats.isConnected(memberId)) continue;
        const reader = await chatReaderOf(store, memberId);
        const chatId = reader ? chatIdForViewer(doc._id, memberId) : null;
        if (!reader || !chatId) continue;
        const access = await chatAccessOf(store, reader, chatId);
        if (!access?.can.read) continue;
        const chat = await chatDtoOf(store, cipher, reader, access, doc, now);
        const { unread_total } = await myChats(store, cipher, reader, now);
        chats.sendTo(memberId, { event: 'chat', chat, unread_total });
        chats.sendTo(memberId, { event: 'mark_as_received', chat_id: chat.id, partner_state: chat.partner_state });
      }
    },
  },
];
