import { chatIdForViewer, chatKeyOf } from '@cn/contracts';
import type { DocumentStore, PersonalDataCipher } from '@cn/platform';
import type { ChangePublisher } from '../realtime/change-publisher';
import { chatHubOf } from './chat-hub';
import { chatAccessOf, chatDtoOf, chatMembersOf, chatReaderOf, draftOf, messageDtos, myChats } from './chat-views';
import { chatDraftsProjection, chatMessagesProjection, chatsProjection, type ChatDocument, type ChatDraftDocument, type ChatMessageDocument } from './chat.projections';
import { collectionName, createLruCache } from '@cn/domain';
import { groupsProjection, type GroupDocument } from '../groups/groups.projection';
import { membersProjection } from '../members/members.projection';
import type { RealtimeHub } from '../realtime/realtime-hub';
import { chatsCollection } from './chat-views';

/**
 * A new message reaches the open chat sockets of the chat's members (the group's members where its chat
 * is enabled), as each of them may see it; a chat's change (a message, a delivery state, a mute) sends
 * each member their view of it with the badge's total, and the partners the new delivery state.
 */
const REMEMBERED_GROUPS = 10_000;

/** what of a group its chat shows or decides: who is in it, whether its chat is on, its name and image, whether it is archived */
const chatShapeOf = (group: GroupDocument | null): string =>
  group ? JSON.stringify([group.chat, group.archived, group.name, group.image?.version ?? null, [...group.member_ids].sort()]) : '';

export const chatPublishers = (store: DocumentStore, cipher: PersonalDataCipher, clock: () => Date): ChangePublisher[] => {
  /** a member's name, status or presence changed: their partners' open chat lists show it */
  const partnersSee = async (memberId: string, hub: RealtimeHub): Promise<void> => {
    const chats = chatHubOf(hub);
    // only a partner with a chat socket open here is told: their one-to-one chats with the member are read
    // by key (nothing when no chat socket is open), not every chat the member is in
    const partners = chats.connectedMembers().filter((id) => id !== memberId);
    if (partners.length === 0) return;
    const now = clock();
    for (const doc of await chatsCollection(store).getMany(partners.map((id) => chatKeyOf(memberId, { type: 'member', id })))) {
      if (doc.type !== 'member' || !doc.member_ids.includes(memberId)) continue;
      const partnerId = doc.member_ids.find((id) => id !== memberId);
      if (!partnerId || !chats.isConnected(partnerId)) continue;
      const reader = await chatReaderOf(store, partnerId);
      const access = reader ? await chatAccessOf(store, reader, `member/${memberId}`) : null;
      if (!reader || !access?.can.read) continue;
      chats.sendTo(partnerId, { event: 'chat', chat: await chatDtoOf(store, cipher, reader, access, doc, now), unread_total: (await myChats(store, cipher, reader, now)).unread_total });
    }
  };
  return [
    {
      collection: collectionName(membersProjection),
      publish: (change, hub) => partnersSee(change.id, hub),
      presenceChanged: (memberId, hub) => partnersSee(memberId, hub),
    },
    (() => {
      // a group's chat turned on or off, a member joined or left: the chat lists of everyone concerned follow
      const before = createLruCache<GroupDocument>(REMEMBERED_GROUPS);
      return {
        collection: collectionName(groupsProjection),
        publish: async (change, hub) => {
          const doc = change.doc as GroupDocument | null;
          const previous = before.get(change.id) ?? null;
          if (doc) before.set(change.id, doc);
          if (chatShapeOf(doc) === chatShapeOf(previous)) return;
          if (doc?.chat !== 'enabled' && previous?.chat !== 'enabled' && previous !== null) return;
          const chats = chatHubOf(hub);
          const concerned = new Set([...(doc?.member_ids ?? []), ...(previous?.member_ids ?? [])]);
          for (const memberId of concerned) {
            if (!chats.isConnected(memberId)) continue;
            const reader = await chatReaderOf(store, memberId);
            if (reader) chats.sendTo(memberId, { event: 'my_chats', ...(await myChats(store, cipher, reader, clock())) });
          }
        },
      };
    })(),
    {
      collection: collectionName(chatMessagesProjection),
      // remembered as soon as it is passed on (before its write), even with nobody connected here: a console
      // reconnecting before the write finds it in its resume (`missedMessages`)
      observe: (change, hub) => {
        if (change.doc) chatHubOf(hub).recent.remember(change.doc as ChatMessageDocument);
      },
      publish: async (change, hub) => {
        const doc = change.doc as ChatMessageDocument | null;
        if (!doc) return;
        const chats = chatHubOf(hub);
        const connected = (await chatMembersOf(store, doc.chat_key)).filter((memberId) => chats.isConnected(memberId));
        // side by side: every read is a round trip to the store, and the partner waits for this push
        await Promise.all(
          connected.map(async (memberId) => {
            const reader = await chatReaderOf(store, memberId);
            const chatId = reader ? chatIdForViewer(doc.chat_key, memberId) : null;
            if (!reader || !chatId) return;
            const [access, [message]] = await Promise.all([chatAccessOf(store, reader, chatId), messageDtos(store, cipher, reader, [doc])]);
            if (!access?.can.read) return;
            for (const connection of chats.connectionsOf(memberId)) connection.message(message);
          }),
        );
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
    {
      // a draft follows its member, and only them, to every console they have open
      collection: collectionName(chatDraftsProjection),
      publish: async (change, hub) => {
        const doc = change.doc as ChatDraftDocument | null;
        if (!doc) return;
        const chats = chatHubOf(hub);
        if (!chats.isConnected(doc.member_id)) return;
        const chatId = chatIdForViewer(doc.chat_key, doc.member_id);
        if (!chatId) return;
        chats.sendTo(doc.member_id, { event: 'draft', chat_id: chatId, text: await draftOf(store, cipher, doc.member_id, doc.chat_key), position: doc._position });
      },
    },
  ];
};
