import { Inject, Injectable, Optional } from '@nestjs/common';
import {
  extensionOf,
  fileReadAccess,
  isInlineImage,
  messageAbilities,
  messagingAbilities,
  type MemberLink,
  type MessageAttachmentDto,
  type MessageBox,
  type MessageDetailDto,
  type MessageDto,
  type MessageSender,
  type MessagesResponse,
  type MessagingCan,
  type RecipientOptionsResponse,
  sizedFileUrl,
} from '@cn/contracts';
import { collectionName } from '@cn/domain';
import { CONSISTENCY_GATE, type ConsistencyGate, type DocumentStore, HttpProblem, InjectPort, type PersonalDataCipher, type SignedInMember } from '@cn/platform';
import { filesCollection } from '../files/files.read';
import type { FileDocument, FileVersionEntry } from '../files/files.projection';
import { groupsCollection } from '../groups/groups.read';
import { displayNameOf } from '../members/member-dto';
import { membersCollection } from '../members/members.read';
import { canOf } from '../network/can';
import { loadNetwork } from '../network/network.read';
import { messageBodiesProjection, messageCopiesProjection, messageCopyId, type MessageBodyDocument, type MessageCopyDocument } from './messages.projection';

/**
 * The members a message names are those its author chose one by one: members reached through a group or
 * the whole network are counted (to_count) but not listed, so a group's or the network's membership is not
 * handed to every recipient, and reply all never writes to a whole group.
 */
const NAMED_RECIPIENTS = 100;
const SNIPPET_LENGTH = 140;
const CONVERSATION_MAX = 200;
const OPTIONS_MAX = 10;
/** a copy's body is written by the sealed projector, which may be a moment behind the copies */
const BODY_WAIT_MS = 2_000;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const snippetOf = (content: string): string => {
  const line = content.replace(/\s+/g, ' ').trim();
  return line.length > SNIPPET_LENGTH ? `${line.slice(0, SNIPPET_LENGTH - 1)}…` : line;
};

/** the unread messages in a member's inbox (the navigation's badge and GET /unreads/features) */
export const unreadMessageCount = (store: DocumentStore, memberId: string): Promise<number> =>
  store.collection<MessageCopyDocument>(collectionName(messageCopiesProjection)).count({ member_id: memberId, box: 'inbox', read: false });

/**
 * The direct messages a member holds, as they may see them: only their own copies, with bodies revealed
 * under the authors' keys (an erased author's subject and content read as empty).
 */
@Injectable()
export class MessagesReader {
  constructor(
    @InjectPort('documentStore') private readonly store: DocumentStore,
    @InjectPort('cipher') private readonly cipher: PersonalDataCipher,
    @Optional() @Inject(CONSISTENCY_GATE) private readonly gate?: ConsistencyGate,
  ) {}

  private get copies() {
    return this.store.collection<MessageCopyDocument>(collectionName(messageCopiesProjection));
  }

  private get bodies() {
    return this.store.collection<MessageBodyDocument>(collectionName(messageBodiesProjection));
  }

  async sender(member: SignedInMember): Promise<MessageSender> {
    const [doc, network] = await Promise.all([membersCollection(this.store).get(member.id), loadNetwork(this.store)]);
    return { member_id: member.id, can_send: canOf(doc, network.settings).send_direct_messages, network_admin: member.roles.network_admin };
  }

  async can(member: SignedInMember): Promise<MessagingCan> {
    return messagingAbilities(await this.sender(member));
  }

  unreadCount(memberId: string): Promise<number> {
    return unreadMessageCount(this.store, memberId);
  }

  async list(member: SignedInMember, box: MessageBox, limit: number, offset: number): Promise<MessagesResponse> {
    const sender = await this.sender(member);
    const filter = { member_id: member.id, box };
    const [copies, total, unread] = await Promise.all([
      this.copies.find(filter, { sort: [['created_position', -1]], skip: offset, limit }),
      this.copies.count(filter),
      this.unreadCount(member.id),
    ]);
    return { messages: await this.dtos(copies, sender), total, limit, offset, unread_count: unread, can: messagingAbilities(sender) };
  }

  /** one message the member holds, with its conversation as they hold it, newest first; 404 for any other */
  async detail(member: SignedInMember, messageId: string): Promise<MessageDetailDto> {
    const thread = await this.heldThread(member, messageId);
    const dtos = await this.dtos(thread, await this.sender(member));
    const own = dtos.find((dto) => dto.id === messageId);
    if (!own) throw new HttpProblem(404, 'not_found');
    return { ...own, conversation: dtos };
  }

  /** the copies of a held message's conversation the member holds, newest first (the message among them); 404 for a message not held */
  private async heldThread(member: SignedInMember, messageId: string): Promise<MessageCopyDocument[]> {
    const copy = await this.copies.get(messageCopyId(messageId, member.id));
    if (!copy) throw new HttpProblem(404, 'not_found');
    const thread = await this.copies.find({ member_id: member.id, conversation_id: copy.conversation_id }, { sort: [['created_position', -1]], limit: CONVERSATION_MAX });
    return thread.some((entry) => entry._id === copy._id) ? thread : [copy, ...thread];
  }

  /**
   * A file a message carries, for a member who holds the message (the files rule: read through the
   * message), at the version attached; 404 for anybody else, and for a file the message does not carry.
   */
  async attachment(member: SignedInMember, messageId: string, fileId: string): Promise<{ doc: FileDocument; version: FileVersionEntry; name: string }> {
    const copy = await this.copies.get(messageCopyId(messageId, member.id));
    const body = copy ? (await this.bodiesOf([copy])).get(messageId) : undefined;
    const attached = body?.attachments.find((entry) => entry.file_id === fileId);
    if (!copy || !attached || fileReadAccess({ published_in_visible_scope: false, own_upload: false, attached_to_held_message: true }) === null) throw new HttpProblem(404, 'not_found');
    const doc = await filesCollection(this.store).get(fileId);
    const version = doc?.versions.find((entry) => entry.version_id === attached.version_id);
    if (!doc || !version) throw new HttpProblem(404, 'not_found');
    return { doc, version, name: attached.name };
  }

  /**
   * The subjects and texts of a held message's conversation as the member holds it (author or recipient,
   * copy not deleted), newest first, the message among them: what its detail page shows. 404 for any other.
   */
  async conversationTexts(member: SignedInMember, messageId: string): Promise<Array<{ id: string; subject: string; content: string }>> {
    const thread = await this.heldThread(member, messageId);
    const bodies = await this.bodiesOf(thread);
    if (!bodies.has(messageId)) throw new HttpProblem(404, 'not_found');
    return thread.flatMap((copy) => {
      const body = bodies.get(copy.message_id);
      return body ? [{ id: copy.message_id, subject: text(body.subject), content: text(body.content) }] : [];
    });
  }

  async recipientOptions(member: SignedInMember, q: string): Promise<RecipientOptionsResponse> {
    const sender = await this.sender(member);
    const can = messagingAbilities(sender);
    if (!can.send_direct_messages) return { members: [], groups: [], can };
    const needle = q.trim();
    const nameMatch = needle ? { $or: [{ first_name: { $like: needle } }, { last_name: { $like: needle } }] } : {};
    const members = await membersCollection(this.store).find({ deleted: false, _id: { $ne: member.id }, ...nameMatch }, { sort: [['last_name', 1], ['first_name', 1]], limit: OPTIONS_MAX });
    // network administrators message any group, everybody else only the groups they administer (§5)
    const groupFilter = { ...(can.send_to_any_group ? {} : { admin_ids: { $contains: member.id } }), ...(needle ? { name: { $like: needle } } : {}) };
    const groups = await groupsCollection(this.store).find(groupFilter, { sort: [['name', 1]], limit: OPTIONS_MAX });
    return {
      members: members.map((doc) => ({ id: doc._id, name: displayNameOf(doc), path: `/members/${doc._id}` })),
      groups: groups.map((group) => ({ id: group._id, slug: group.slug, name: group.name, member_count: group.member_ids.length })),
      can,
    };
  }

  private async bodiesOf(copies: readonly MessageCopyDocument[]): Promise<Map<string, MessageBodyDocument>> {
    const ids = [...new Set(copies.map((copy) => copy.message_id))];
    let found = ids.length === 0 ? [] : await this.bodies.getMany(ids);
    if (found.length < ids.length && this.gate) {
      await this.gate.waitFor(Math.max(...copies.map((copy) => copy.created_position)), BODY_WAIT_MS);
      found = await this.bodies.getMany(ids);
    }
    const revealed = await this.cipher.reveal(found);
    return new Map(revealed.map((body) => [body._id, body]));
  }

  private async dtos(copies: readonly MessageCopyDocument[], sender: MessageSender): Promise<MessageDto[]> {
    const bodies = await this.bodiesOf(copies);
    const named = (body: MessageBodyDocument): string[] => body.to_member_ids.slice(0, NAMED_RECIPIENTS);
    const memberIds = new Set<string>();
    const groupIds = new Set<string>();
    for (const body of bodies.values()) {
      memberIds.add(body.author_id);
      for (const id of named(body)) memberIds.add(id);
      for (const id of body.to_group_ids) groupIds.add(id);
    }
    const fileIds = new Set([...bodies.values()].flatMap((body) => body.attachments.map((entry) => entry.file_id)));
    const [members, groups, lengths, files] = await Promise.all([
      memberIds.size === 0 ? [] : membersCollection(this.store).getMany([...memberIds]),
      groupIds.size === 0 ? [] : groupsCollection(this.store).getMany([...groupIds]),
      this.conversationLengths(sender.member_id, copies),
      fileIds.size === 0 ? [] : filesCollection(this.store).getMany([...fileIds]),
    ]);
    const fileDocs = new Map(files.map((doc) => [doc._id, doc]));
    // the member holds the copy: the files rule grants the attachments through the message
    const download = fileReadAccess({ published_in_visible_scope: false, own_upload: false, attached_to_held_message: true }) !== null;
    const attachmentsOf = (body: MessageBodyDocument): MessageAttachmentDto[] =>
      body.attachments.flatMap((entry) => {
        const version = fileDocs.get(entry.file_id)?.versions.find((candidate) => candidate.version_id === entry.version_id);
        if (!version) return [];
        return [
          {
            id: entry.file_id,
            original_filename: entry.name,
            extension: extensionOf(entry.name) || version.extension,
            content_type: version.content_type,
            size: version.size,
            url: `/api/v1/messages/${body._id}/files/${entry.file_id}`,
            thumbnail_url: isInlineImage(version.content_type) ? sizedFileUrl(`/api/v1/messages/${body._id}/files/${entry.file_id}`, 'small') : null,
            can: { download },
          },
        ];
      });
    const links = new Map<string, MemberLink>(members.filter((doc) => !doc.deleted).map((doc) => [doc._id, { id: doc._id, name: displayNameOf(doc), path: `/members/${doc._id}` }]));
    const groupLinks = new Map(groups.map((group) => [group._id, { id: group._id, name: group.name, slug: group.slug }]));
    return copies.flatMap((copy): MessageDto[] => {
      const body = bodies.get(copy.message_id);
      if (!body) return [];
      const content = text(body.content);
      const length = lengths.get(copy.conversation_id) ?? 1;
      return [
        {
          id: copy.message_id,
          box: copy.box,
          subject: text(body.subject),
          content,
          snippet: snippetOf(content),
          created_at: copy.created_at,
          author: links.get(body.author_id) ?? null,
          to: named(body).flatMap((id) => links.get(id) ?? []),
          to_count: body.recipient_ids.length,
          to_named_count: Math.min(body.to_member_ids.length, NAMED_RECIPIENTS),
          to_groups: body.to_group_ids.flatMap((id) => groupLinks.get(id) ?? []),
          to_all_network_members: body.to_all_network_members,
          conversation_starter_id: copy.conversation_id,
          conversation_length: length,
          has_replies: length > 1,
          has_attachments: body.attachments.length > 0,
          attachments: attachmentsOf(body),
          forwarded_message_id: body.forwarded_message_id,
          i: { read: copy.read },
          can: messageAbilities(copy.box, sender),
        },
      ];
    });
  }

  /** how many messages of each conversation the member holds */
  private async conversationLengths(memberId: string, copies: readonly MessageCopyDocument[]): Promise<Map<string, number>> {
    const ids = [...new Set(copies.map((copy) => copy.conversation_id))];
    const counts = await Promise.all(ids.map(async (id) => [id, await this.copies.count({ member_id: memberId, conversation_id: id })] as const));
    return new Map(counts);
  }
}
