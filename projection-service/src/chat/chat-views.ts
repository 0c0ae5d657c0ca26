import {
  chatAbilities,
  chatIdForViewer,
  chatKeyOf,
  CHAT_PAGE_SIZE,
  groupImageUrl,
  isMuted,
  memberAbilities,
  memberImageUrl,
  parseChatId,
  statusSeenBy,
  type ChatAuthor,
  type ChatCan,
  type ChatDto,
  type ChatFacts,
  type ChatMessageDto,
  type ChatRef,
  type NetworkSettings,
} from '@cn/contracts';
import { collectionName } from '@cn/domain';
import type { DocumentStore, PersonalDataCipher } from '@cn/platform';
import { groupsCollection } from '../groups/groups.read';
import { groupCategoriesProjection, type GroupCategoryDocument } from '../groups/groups.projection';
import type { GroupDocument } from '../groups/groups.projection';
import { membersCollection } from '../members/members.read';
import type { MemberDocument } from '../members/members.projection';
import { loadNetwork } from '../network/network.read';
import { connectedMembers } from '../realtime/connections';
import { chatDraftId, chatDraftsProjection, chatMessagesProjection, chatsProjection, type ChatDocument, type ChatDraftDocument, type ChatMemberProgress, type ChatMessageDocument } from './chat.projections';

export const chatsCollection = (store: DocumentStore) => store.collection<ChatDocument>(collectionName(chatsProjection));
export const chatMessagesCollection = (store: DocumentStore) => store.collection<ChatMessageDocument>(collectionName(chatMessagesProjection));

export const chatDraftsCollection = (store: DocumentStore) => store.collection<ChatDraftDocument>(collectionName(chatDraftsProjection));

const NOBODY: ChatMemberProgress = { received_seq: 0, received_id: null, read_seq: 0, read_id: null, muted_until: null, app_muted_until: null, last_interacted_at: null };

const displayName = (member: MemberDocument): string => `${member.first_name} ${member.last_name}`.trim();

/** Who reads: their member document and the network's settings, loaded once per answer. */
export interface ChatReader {
  member: MemberDocument;
  settings: NetworkSettings;
  can_chat: boolean;
}

export const chatReaderOf = async (store: DocumentStore, memberId: string): Promise<ChatReader | null> => {
  const member = await membersCollection(store).get(memberId);
  if (!member || member.deleted) return null;
  const { settings } = await loadNetwork(store);
  return { member, settings, can_chat: memberAbilities(member.roles, settings).chat };
};

/** the chats a member belongs to: their member chats (by the pair) and the chat-enabled groups they are in */
export const chatKeysOf = async (store: DocumentStore, memberId: string): Promise<{ docs: ChatDocument[]; groups: GroupDocument[] }> => {
  const docs = (await chatsCollection(store).find({ member_ids: { $contains: memberId } })).filter((doc) => doc.type === 'member');
  const groups = (await groupsCollection(store).find({ member_ids: { $contains: memberId } })).filter((group) => group.chat === 'enabled');
  return { docs, groups };
};

const factsOf = async (store: DocumentStore, ref: ChatRef): Promise<{ facts: ChatFacts; partner: MemberDocument | null; group: GroupDocument | null }> => {
  if (ref.type === 'member') {
    const partner = await membersCollection(store).get(ref.id);
    return { facts: { type: 'member', partner: partner ? { exists: true, erased: partner.deleted, active: !partner.deleted, external: partner.roles.external } : null }, partner, group: null };
  }
  const group = await groupsCollection(store).get(ref.id);
  return {
    facts: { type: 'group', group: group ? { exists: true, chat_enabled: group.chat === 'enabled', archived: group.archived, member_ids: group.member_ids } : null },
    partner: null,
    group,
  };
};

export interface ChatAccessView {
  ref: ChatRef;
  key: string;
  can: ChatCan;
  partner: MemberDocument | null;
  group: GroupDocument | null;
}

/** the reader's abilities in a chat (the same rule the command side refuses with); null for a malformed id */
export const chatAccessOf = async (store: DocumentStore, reader: ChatReader, chatId: string): Promise<ChatAccessView | null> => {
  const ref = parseChatId(chatId);
  if (!ref) return null;
  const { facts, partner, group } = await factsOf(store, ref);
  const can = chatAbilities(facts, { member_id: reader.member._id, can_chat: reader.can_chat, external: reader.member.roles.external }, ref.id);
  return { ref, key: chatKeyOf(reader.member._id, ref), can, partner, group };
};

/** a member's profile image as the chat shows it; none for a deleted member (their fallback stays) */
const memberImageOf = (member: MemberDocument | null | undefined): Pick<ChatAuthor, 'image_id' | 'image_url'> =>
  member && !member.deleted && member.image ? { image_id: String(member.image.version), image_url: memberImageUrl(member._id, member.image.version, 'small') } : { image_id: null, image_url: null };

/** a group's profile image as its chat shows it (only members of the group see its chat) */
const groupImageOf = (group: GroupDocument | null | undefined): Pick<ChatDto, 'image_id' | 'image_url'> =>
  group?.image ? { image_id: String(group.image.version), image_url: groupImageUrl(group._id, group.image.version, 'small') } : { image_id: null, image_url: null };

const authorsOf = async (store: DocumentStore, ids: readonly string[], settings: NetworkSettings): Promise<Map<string, ChatAuthor>> => {
  const members = await membersCollection(store).getMany([...new Set(ids)]);
  const byId = new Map(members.map((member) => [member._id, member]));
  const anonymous = settings.member.anonymize_memberships_config !== 'disabled' ? settings.member.anonymize_memberships_name : '';
  return new Map(
    ids.map((id) => {
      const member = byId.get(id);
      const deleted = !member || member.deleted;
      // a deleted author shows the network's anonymous name where it anonymizes, else the console's fallback
      return [id, { id, name: deleted ? anonymous : displayName(member), deleted, ...memberImageOf(member) }];
    }),
  );
};

const revealedText = async (cipher: PersonalDataCipher, text: unknown): Promise<string> => {
  const revealed = await cipher.reveal({ text });
  return typeof revealed.text === 'string' ? revealed.text : '';
};

/** the member's own draft of a chat, revealed ('' none); only ever answered to that member */
export const draftOf = async (store: DocumentStore, cipher: PersonalDataCipher, memberId: string, key: string): Promise<string> => {
  const doc = await chatDraftsCollection(store).get(chatDraftId(key, memberId));
  return doc ? revealedText(cipher, doc.text) : '';
};

/** the member's own draft of a chat with the position that saved it (the list's marker); null when never saved */
const draftEntryOf = async (cipher: PersonalDataCipher, doc: ChatDraftDocument | null | undefined): Promise<ChatDto['draft']> =>
  doc ? { text: await revealedText(cipher, doc.text), position: doc._position } : null;

/** the member's draft documents of these chats, by chat key */
const draftDocsOf = async (store: DocumentStore, memberId: string, keys: readonly string[]): Promise<Map<string, ChatDraftDocument>> =>
  new Map((await chatDraftsCollection(store).getMany(keys.map((key) => chatDraftId(key, memberId)))).map((doc) => [doc.chat_key, doc]));

/** messages as a reader sees them (texts revealed: an erased author's are gone) */
export const messageDtos = async (store: DocumentStore, cipher: PersonalDataCipher, reader: ChatReader, docs: readonly ChatMessageDocument[]): Promise<ChatMessageDto[]> => {
  if (docs.length === 0) return [];
  const quotedIds = docs.map((doc) => doc.quoted_message_id).filter((id): id is string => id !== null);
  const quoted = new Map((await chatMessagesCollection(store).getMany(quotedIds)).map((doc) => [doc._id, doc]));
  const authors = await authorsOf(store, [...docs.map((doc) => doc.author_id), ...[...quoted.values()].map((doc) => doc.author_id)], reader.settings);
  return Promise.all(
    docs.map(async (doc) => {
      const quote = doc.quoted_message_id ? quoted.get(doc.quoted_message_id) : undefined;
      return {
        id: doc._id,
        chat_id: chatIdForViewer(doc.chat_key, reader.member._id) ?? '',
        seq: doc.seq,
        text: await revealedText(cipher, doc.text),
        from: authors.get(doc.author_id) as ChatAuthor,
        created_at: doc.created_at,
        quoted_message: quote && quote.chat_key === doc.chat_key ? { id: quote._id, text: await revealedText(cipher, quote.text), from: authors.get(quote.author_id) as ChatAuthor } : null,
        position: doc.created_position,
      };
    }),
  );
};

/** a page of a chat's messages, oldest first, before a seq (or the latest) */
export const messagesPage = async (store: DocumentStore, key: string, beforeSeq?: number): Promise<{ docs: ChatMessageDocument[]; more: boolean }> => {
  const filter = beforeSeq === undefined ? { chat_key: key } : { chat_key: key, seq: { $lt: beforeSeq } };
  const found = await chatMessagesCollection(store).find(filter, { sort: [['seq', -1]], limit: CHAT_PAGE_SIZE + 1 });
  const more = found.length > CHAT_PAGE_SIZE;
  return { docs: found.slice(0, CHAT_PAGE_SIZE).reverse(), more };
};

/** clauses of one resume query: SQLite caps an expression's depth, so a long list is asked in parts */
const RESUME_CLAUSES_PER_QUERY = 100;

/**
 * What a reconnecting console missed, in log order, at most `limit`: per chat it names, the messages after
 * the seq it saw; per chat of the member it does not name, what none of the member's consoles confirmed
 * as received, the latest page at most (a chat that began, or that the member joined, while it was away).
 * By seq per chat, never by log position: with several bus partitions a message of one chat can be
 * stored at a lower position than a message of another chat the console already had.
 */
export const missedMessages = async (
  store: DocumentStore,
  reader: ChatReader,
  seen: Readonly<Record<string, number>>,
  limit: number,
  /** messages passed on lately, perhaps not written yet (`ChatHub.recent`): merged in, each once */
  recent: readonly ChatMessageDocument[] = [],
): Promise<ChatMessageDocument[]> => {
  if (!reader.can_chat) return [];
  const memberId = reader.member._id;
  const { docs, groups } = await chatKeysOf(store, memberId);
  const groupDocs = new Map((await chatsCollection(store).getMany(groups.map((group) => `g.${group._id}`))).map((doc) => [doc._id, doc]));
  const chats: Array<{ key: string; doc: ChatDocument | null }> = [...docs.map((doc) => ({ key: doc._id, doc })), ...groups.map((group) => ({ key: `g.${group._id}`, doc: groupDocs.get(`g.${group._id}`) ?? null }))];
  const clauses = chats.map(({ key, doc }) => {
    const chatId = chatIdForViewer(key, memberId) ?? '';
    const named = Object.hasOwn(seen, chatId) ? seen[chatId] : undefined;
    const after = named ?? Math.max(doc?.members[memberId]?.received_seq ?? 0, (doc?.last_seq ?? 0) - CHAT_PAGE_SIZE);
    return { chat_key: key, seq: { $gt: after } };
  });
  const found: ChatMessageDocument[] = [];
  for (let from = 0; from < clauses.length; from += RESUME_CLAUSES_PER_QUERY) {
    found.push(...(await chatMessagesCollection(store).find({ $or: clauses.slice(from, from + RESUME_CLAUSES_PER_QUERY) }, { sort: [['created_position', 1]], limit })));
  }
  const after = new Map(clauses.map((clause) => [clause.chat_key, clause.seq.$gt]));
  return mergeMissed(found, [...recent.filter((doc) => doc.seq > (after.get(doc.chat_key) ?? Infinity)), ...(await recentOfNewChats(store, reader, seen, after, recent))], limit);
};

/**
 * The remembered messages of member chats of the reader the store does not list yet (the chat's first
 * messages, its document not written either), after the seq the console names, where the reader may read.
 */
const recentOfNewChats = async (
  store: DocumentStore,
  reader: ChatReader,
  seen: Readonly<Record<string, number>>,
  known: ReadonlyMap<string, number>,
  recent: readonly ChatMessageDocument[],
): Promise<ChatMessageDocument[]> => {
  const memberId = reader.member._id;
  const keys = new Set(recent.map((doc) => doc.chat_key).filter((key) => !known.has(key) && key.startsWith('m.') && key.slice(2).split('.').includes(memberId)));
  const found: ChatMessageDocument[] = [];
  for (const key of keys) {
    const chatId = chatIdForViewer(key, memberId);
    const access = chatId ? await chatAccessOf(store, reader, chatId) : null;
    if (!chatId || !access?.can.read) continue;
    const named = Object.hasOwn(seen, chatId) ? seen[chatId] : 0;
    found.push(...recent.filter((doc) => doc.chat_key === key && doc.seq > named));
  }
  return found;
};

/** what the store answered and what was remembered, each message once, in log order (within a chat: by seq), at most `limit` */
export const mergeMissed = (stored: readonly ChatMessageDocument[], remembered: readonly ChatMessageDocument[], limit: number): ChatMessageDocument[] => {
  const byId = new Map(stored.map((doc) => [doc._id, doc]));
  for (const doc of remembered) if (!byId.has(doc._id)) byId.set(doc._id, doc);
  return [...byId.values()].sort((a, b) => a.created_position - b.created_position || a.seq - b.seq).slice(0, limit);
};

/** one chat as the reader sees it: name, unread count, mute, the partner's delivery state, the write flag */
export const chatDtoOf = async (
  store: DocumentStore,
  cipher: PersonalDataCipher,
  reader: ChatReader,
  access: ChatAccessView,
  doc: ChatDocument | null,
  now: Date,
  online?: ReadonlySet<string>,
  /** the reader's drafts read beforehand (the whole list at once); read here when not given */
  drafts?: ReadonlyMap<string, ChatDraftDocument>,
): Promise<ChatDto> => {
  const me = reader.member._id;
  const mine = doc?.members[me] ?? NOBODY;
  const lastSeq = doc?.last_seq ?? 0;
  let name = '';
  let category: string | null = null;
  let status: ChatDto['status'] = null;
  let partnerProgress: ChatMemberProgress = NOBODY;
  if (access.ref.type === 'member') {
    const partner = access.partner;
    name = partner && !partner.deleted ? displayName(partner) : reader.settings.member.anonymize_memberships_config !== 'disabled' ? reader.settings.member.anonymize_memberships_name : '';
    partnerProgress = doc?.members[access.ref.id] ?? NOBODY;
    if (partner && !partner.deleted) {
      const connected = online ?? (await connectedMembers(store, [partner._id], now));
      status = statusSeenBy(partner.presence, { viewerId: me, subjectId: partner._id, connected: connected.has(partner._id), showOnlineStatus: reader.settings.member.show_online_status }) ?? null;
    }
  } else {
    name = access.group?.name ?? '';
    const categoryId = access.group?.group_category_id ?? null;
    if (categoryId) {
      const [found] = await store.collection<GroupCategoryDocument>(collectionName(groupCategoriesProjection)).find({ category_id: categoryId }, { limit: 1 });
      category = found?.plural_name || found?.name || null;
    }
    // in a group chat: how far the others have come (the furthest of them)
    for (const [memberId, progress] of Object.entries(doc?.members ?? {})) {
      if (memberId === me) continue;
      if (progress.read_seq > partnerProgress.read_seq || progress.received_seq > partnerProgress.received_seq) {
        partnerProgress = {
          ...partnerProgress,
          ...(progress.read_seq > partnerProgress.read_seq ? { read_seq: progress.read_seq, read_id: progress.read_id } : {}),
          ...(progress.received_seq > partnerProgress.received_seq ? { received_seq: progress.received_seq, received_id: progress.received_id } : {}),
        };
      }
    }
  }
  const last = doc?.last_message ?? null;
  const lastAuthor = last ? (await authorsOf(store, [last.author_id], reader.settings)).get(last.author_id) : undefined;
  return {
    id: `${access.ref.type}/${access.ref.id}`,
    type: access.ref.type,
    name,
    category,
    ...(access.ref.type === 'member' ? memberImageOf(access.partner) : groupImageOf(access.group)),
    last_message: last ? { from: lastAuthor?.name ?? '', text: await revealedText(cipher, last.text), seq: last.seq } : null,
    last_interacted_at: mine.last_interacted_at ?? doc?.last_interacted_at ?? null,
    state: { last_read_id: mine.read_id, last_read_seq: mine.read_seq },
    unread_count: Math.max(0, lastSeq - mine.read_seq),
    muted: isMuted(mine.muted_until, now),
    muted_until: isMuted(mine.muted_until, now) ? mine.muted_until : null,
    app_muted_until: isMuted(mine.app_muted_until, now) ? mine.app_muted_until : null,
    status,
    partner_state: {
      last_received_id: partnerProgress.received_id,
      last_read_id: partnerProgress.read_id,
      last_received_seq: partnerProgress.received_seq,
      last_read_seq: partnerProgress.read_seq,
    },
    can: access.can,
    write: access.can.write,
    draft: await draftEntryOf(cipher, drafts ? drafts.get(access.key) : await chatDraftsCollection(store).get(chatDraftId(access.key, me))),
  };
};

/** every chat of the member, latest first, with the badge's total (unread in chats not muted) */
export const myChats = async (store: DocumentStore, cipher: PersonalDataCipher, reader: ChatReader, now: Date): Promise<{ chats: ChatDto[]; unread_total: number }> => {
  if (!reader.can_chat) return { chats: [], unread_total: 0 };
  const me = reader.member._id;
  const { docs, groups } = await chatKeysOf(store, me);
  const groupDocs = new Map((await chatsCollection(store).getMany(groups.map((group) => `g.${group._id}`))).map((doc) => [doc._id, doc]));
  const partnerIds = docs.map((doc) => doc.member_ids.find((id) => id !== me) ?? me);
  const online = await connectedMembers(store, partnerIds, now);
  const drafts = await draftDocsOf(store, me, [...docs.map((doc) => doc._id), ...groups.map((group) => `g.${group._id}`)]);
  const chats: ChatDto[] = [];
  for (const doc of docs) {
    const chatId = chatIdForViewer(doc._id, me);
    const access = chatId ? await chatAccessOf(store, reader, chatId) : null;
    if (access?.can.read) chats.push(await chatDtoOf(store, cipher, reader, access, doc, now, online, drafts));
  }
  for (const group of groups) {
    const access = await chatAccessOf(store, reader, `group/${group._id}`);
    if (access?.can.read) chats.push(await chatDtoOf(store, cipher, reader, access, groupDocs.get(`g.${group._id}`) ?? null, now, online, drafts));
  }
  chats.sort((a, b) => (b.last_interacted_at ?? '').localeCompare(a.last_interacted_at ?? '') || a.name.localeCompare(b.name));
  return { chats, unread_total: chats.filter((chat) => !chat.muted).reduce((sum, chat) => sum + chat.unread_count, 0) };
};

/** the members a chat's change concerns */
export const chatMembersOf = async (store: DocumentStore, key: string): Promise<string[]> => {
  if (key.startsWith('m.')) return key.slice(2).split('.');
  const group = await groupsCollection(store).get(key.slice(2));
  return group && group.chat === 'enabled' ? group.member_ids : [];
};
