import {
  activityAbilities,
  ACTIVITIES_PER_PAGE,
  ALL_STREAM_SLUG,
  NETWORK_STREAM_SLUG,
  type ActivitiesResponse,
  type ActivityAttachmentDto,
  type ActivityDto,
  type ActivityStreamLink,
  type ActivityViewer,
  type MemberLink,
  isInlineImage,
  sizedFileUrl,
  type StreamCan,
  type UnreadActivitiesResponse,
  composeTeaser,
  erasedMemberNameIn,
  templateMemberIds,
} from '@cn/contracts';
import { collectionName } from '@cn/domain';
import { type DocumentStore, HttpProblem, type SignedInMember } from '@cn/platform';
import { calendarsCollection } from '../calendars/calendars.read';
import { memberFollowsCollection } from '../follows/follows.read';
import { articlePath, channelFactsOf, channelsCollection } from '../channels/channels.read';
import type { FileDocument, FileVersionEntry } from '../files/files.projection';
import { filesCollection } from '../files/files.read';
import { postAttachmentAccess } from '../files/post-attachment-access';
import { groupsCollection } from '../groups/groups.read';
import { displayNameOf } from '../members/member-dto';
import { membersCollection } from '../members/members.read';
import { loadNetwork } from '../network/network.read';
import { activitiesProjection, activityReadsProjection, type ActivityDocument, type ActivityReadsDocument } from './activities.projection';
import { inAllStream, placeOf, streamCanIn, unreadCounts, type AllStreamScope, type StreamsContext } from './activity-visibility';

export { inAllStream, type AllStreamScope } from './activity-visibility';

export const activitiesCollection = (store: DocumentStore) => store.collection<ActivityDocument>(collectionName(activitiesProjection));
export const activityReadsCollection = (store: DocumentStore) => store.collection<ActivityReadsDocument>(collectionName(activityReadsProjection));

export const activityViewerOf = (member: SignedInMember): ActivityViewer => ({ member_id: member.id, network_admin: member.roles.network_admin, external: member.roles.external });

/** how many activities one scan reads while it collects what the viewer may see */
const SCAN_BATCH = 200;
/** unread counts look this far back at most (badges cap at 99+ anyway) */
const UNREAD_SCAN_MAX = 5_000;

export const loadStreamsContext = async (store: DocumentStore, viewer: ActivityViewer): Promise<StreamsContext> => {
  const [groups, calendars, channels] = await Promise.all([
    groupsCollection(store).find(),
    calendarsCollection(store).find({ type: { $in: ['network', 'group'] } }),
    channelsCollection(store).find(),
  ]);
  return {
    viewer,
    groups: new Map(groups.map((group) => [group._id, group])),
    calendars: new Map(calendars.map((calendar) => [calendar._id, calendar])),
    channels: new Map(channels.map((channel) => [channel._id, channelFactsOf(channel)])),
  };
};

/** the stream key a slug names ('all', 'network' or a group id); 404 for a group the viewer may not see */
export const streamKeyOfSlug = (slug: string, ctx: StreamsContext): string => {
  if (slug === ALL_STREAM_SLUG || slug === NETWORK_STREAM_SLUG) return slug;
  const group = [...ctx.groups.values()].find((candidate) => candidate.slug === slug);
  if (!group || !streamCanIn(group._id, ctx).see) throw new HttpProblem(404, 'not_found');
  return group._id;
};

const slugOfKey = (key: string, ctx: StreamsContext): string => (key === NETWORK_STREAM_SLUG ? key : (ctx.groups.get(key)?.slug ?? key));
const nameOfKey = (key: string, ctx: StreamsContext): string => (key === NETWORK_STREAM_SLUG ? '' : (ctx.groups.get(key)?.name ?? ''));

export type Placed = { doc: ActivityDocument; key: string; can: StreamCan };

/** the newest activities (before a position) the viewer sees that match, scanning latest first */
export const collectVisible = async (
  store: DocumentStore,
  ctx: StreamsContext,
  options: { filter?: Record<string, unknown>; wanted?: (placed: Placed) => boolean; before?: number; limit: number },
): Promise<{ placed: Placed[]; more: boolean }> => {
  const placed: Placed[] = [];
  let before = options.before ?? Number.MAX_SAFE_INTEGER;
  for (;;) {
    const batch = await activitiesCollection(store).find({ ...options.filter, created_position: { $lt: before } }, { sort: [['created_position', -1]], limit: SCAN_BATCH });
    for (const doc of batch) {
      const place = placeOf(doc, ctx);
      if (!place) continue;
      const entry = { doc, ...place };
      if (options.wanted && !options.wanted(entry)) continue;
      if (placed.length === options.limit) return { placed, more: true };
      placed.push(entry);
    }
    if (batch.length < SCAN_BATCH) return { placed, more: false };
    before = batch[batch.length - 1].created_position;
  }
};

/**
 * Unread activities of others by stream key: newer than the member's mark for the stream or for 'all';
 * under ALL_STREAM_SLUG, those of them 'all' shows (inAllStream).
 */
export const unreadByStream = async (store: DocumentStore, ctx: StreamsContext, scope: AllStreamScope): Promise<Map<string, number>> => {
  const read = (await activityReadsCollection(store).get(ctx.viewer.member_id))?.read ?? {};
  const marks = Object.values(read);
  const oldest = marks.length === 0 || !Object.hasOwn(read, ALL_STREAM_SLUG) ? 0 : Math.min(...marks, read[ALL_STREAM_SLUG] ?? 0);
  const docs = await activitiesCollection(store).find({ created_position: { $gt: oldest } }, { sort: [['created_position', -1]], limit: UNREAD_SCAN_MAX });
  return unreadCounts(docs, read, ctx, scope);
};

export const loadAllStreamScope = async (store: DocumentStore, memberId: string): Promise<AllStreamScope> => {
  const [reads, follows] = await Promise.all([activityReadsCollection(store).get(memberId), memberFollowsCollection(store).get(memberId)]);
  return { unsubscribed: new Set(reads?.unsubscribed ?? []), followed: new Set(follows?.following_ids ?? []) };
};

/** the 'all' badge: what 'all' shows of the unread activities (the subscribed streams', and what concerns the viewer in the others) */
export const allStreamUnread = (counts: ReadonlyMap<string, number>): number => counts.get(ALL_STREAM_SLUG) ?? 0;

/** the viewer's unread counts by stream key and for 'all' */
export const loadUnreadCounts = async (store: DocumentStore, ctx: StreamsContext): Promise<{ counts: Map<string, number>; scope: AllStreamScope }> => {
  const scope = await loadAllStreamScope(store, ctx.viewer.member_id);
  return { counts: await unreadByStream(store, ctx, scope), scope };
};

/** GET /activitystreams.json: 'all', the network's (not for external members, §6), and the groups the member belongs to */
export const streamLinks = async (store: DocumentStore, ctx: StreamsContext): Promise<ActivityStreamLink[]> => {
  const { counts, scope } = await loadUnreadCounts(store, ctx);
  const groups = [...ctx.groups.values()]
    .filter((group) => group.member_ids.includes(ctx.viewer.member_id) && streamCanIn(group._id, ctx).see)
    .sort((a, b) => a.name.localeCompare(b.name) || a._id.localeCompare(b._id));
  const link = (slug: string, key: string, name: string, kind: 'network' | 'group'): ActivityStreamLink => ({ slug, name, kind, unread_count: counts.get(key) ?? 0, subscribed: !scope.unsubscribed.has(key) });
  return [
    { slug: ALL_STREAM_SLUG, name: '', kind: 'all', unread_count: allStreamUnread(counts), subscribed: true },
    ...(ctx.viewer.external ? [] : [link(NETWORK_STREAM_SLUG, NETWORK_STREAM_SLUG, '', 'network')]),
    ...groups.map((group) => link(group.slug, group._id, group.name, 'group')),
  ];
};

/** GET /api/v1/unreads/activities (and /unreads' part): 'all''s count (what 'all' shows) and each stream's */
export const unreadActivitiesOf = (links: readonly ActivityStreamLink[]): UnreadActivitiesResponse => ({
  total: links.find((link) => link.kind === ALL_STREAM_SLUG)?.unread_count ?? 0,
  streams: links.filter((link) => link.kind !== ALL_STREAM_SLUG).map((link) => ({ slug: link.slug, count: link.unread_count })),
});

const memberLinks = async (store: DocumentStore, ids: readonly string[]): Promise<Map<string, MemberLink>> => {
  const unique = [...new Set(ids)];
  const found = unique.length === 0 ? [] : await membersCollection(store).getMany(unique);
  return new Map(found.filter((doc) => !doc.deleted).map((doc) => [doc._id, { id: doc._id, name: displayNameOf(doc), path: `/members/${doc._id}` }]));
};

/** the names an item's teaser puts in for its members (an erased one as the network's anonymous name, or the fallback word of its language) */
interface TeaserNames {
  people: ReadonlyMap<string, MemberLink>;
  erased: string;
}

const teaserIdsOf = (doc: ActivityDocument): string[] => (doc.source.type === 'item' && doc.source.teaser_parts ? templateMemberIds(doc.source.teaser_parts) : []);

const teaserNamesFor = async (store: DocumentStore, docs: readonly ActivityDocument[], people: ReadonlyMap<string, MemberLink>): Promise<TeaserNames> =>
  docs.some((doc) => teaserIdsOf(doc).length > 0) ? { people, erased: erasedMemberNameIn((await loadNetwork(store)).settings) } : { people, erased: '' };

const subjectOf = (doc: ActivityDocument, ctx: StreamsContext, names: TeaserNames): ActivityDto['subject'] => {
  switch (doc.source.type) {
    case 'appointment':
      return { title: doc.source.name, path: `/appointments/${encodeURIComponent(doc.source.appointment_id)}` };
    case 'article':
      return { title: doc.source.title, path: articlePath(doc.source.blog_id, doc.source.article_id) };
    case 'group_member': {
      const group = doc.group_id === null ? undefined : ctx.groups.get(doc.group_id);
      return group ? { title: group.name, path: `/groups/${encodeURIComponent(group.slug)}` } : null;
    }
    case 'item':
      return {
        title: doc.source.teaser_parts ? composeTeaser(doc.source.teaser_parts, (memberId) => names.people.get(memberId)?.name ?? names.erased) : doc.source.teaser,
        path: `/apps/${encodeURIComponent(doc.source.app_id)}/items/${encodeURIComponent(doc.source.item_id)}` };
    case 'post':
      return null;
  }
};

const NO_ACTIONS = { update: false, destroy: false, reply: false, like: false };

const attachmentUrl = (activityId: string, fileId: string): string => `/api/v1/activities/${encodeURIComponent(activityId)}/attachments/${encodeURIComponent(fileId)}`;

/**
 * A post's files as whoever sees the post reads them: through the post, at the version attached, but only
 * those whose folder the reader sees too (`readable`, postAttachmentAccess); a version whose bytes are gone is left out.
 */
const attachmentDtos = (doc: ActivityDocument, files: ReadonlyMap<string, FileDocument>, readable: ReadonlySet<string>): ActivityAttachmentDto[] =>
  doc.attachments.flatMap((entry) => {
    const version = files.get(entry.file_id)?.versions.find((candidate) => candidate.version_id === entry.version_id);
    if (!version || !readable.has(attachmentKey(doc, entry.file_id))) return [];
    return [{ id: entry.file_id, name: entry.name, content_type: version.content_type, size: version.size, image: isInlineImage(version.content_type), url: attachmentUrl(doc._id, entry.file_id), thumbnail_url: isInlineImage(version.content_type) ? sizedFileUrl(attachmentUrl(doc._id, entry.file_id), 'thumb') : null }];
  });

const attachmentKey = (doc: ActivityDocument, fileId: string): string => `${doc._id}\n${fileId}`;

/** the groups whose files the viewer sees: those they belong to (canSeeScope) */
const memberGroupIds = (ctx: StreamsContext): string[] => [...ctx.groups.values()].filter((group) => group.member_ids.includes(ctx.viewer.member_id)).map((group) => group._id);

/** which of the posts' files the viewer opens (postAttachmentAccess: the post's readers who also see the file's folder), by post and file */
const readableAttachments = async (store: DocumentStore, ctx: StreamsContext, docs: readonly ActivityDocument[], files: ReadonlyMap<string, FileDocument>): Promise<Set<string>> => {
  const readable = new Set<string>();
  if (docs.every((doc) => doc.attachments.length === 0)) return readable;
  const opens = postAttachmentAccess(store, { member_id: ctx.viewer.member_id, group_ids: memberGroupIds(ctx) });
  for (const doc of docs) for (const entry of doc.attachments) if (await opens(files.get(entry.file_id), doc.group_id)) readable.add(attachmentKey(doc, entry.file_id));
  return readable;
};

const filesOf = async (store: DocumentStore, docs: readonly ActivityDocument[]): Promise<Map<string, FileDocument>> => {
  const ids = [...new Set(docs.flatMap((doc) => doc.attachments.map((entry) => entry.file_id)))];
  const found = ids.length === 0 ? [] : await filesCollection(store).getMany(ids);
  return new Map(found.map((file) => [file._id, file]));
};

export const toActivityDtos = async (store: DocumentStore, ctx: StreamsContext, placed: readonly Placed[]): Promise<ActivityDto[]> => {
  const [people, files] = await Promise.all([
    memberLinks(store, placed.flatMap(({ doc }) => [...(doc.author_id ? [doc.author_id] : []), ...doc.replies.map((reply) => reply.author_id), ...teaserIdsOf(doc)])),
    filesOf(
      store,
      placed.map(({ doc }) => doc),
    ),
  ]);
  const names = await teaserNamesFor(
    store,
    placed.map(({ doc }) => doc),
    people,
  );
  const readable = await readableAttachments(
    store,
    ctx,
    placed.map(({ doc }) => doc),
    files,
  );
  return placed.map(({ doc, key, can }) => {
    const post = doc.kind === 'post';
    return {
      id: doc._id,
      kind: doc.kind,
      stream: { slug: slugOfKey(key, ctx), name: nameOfKey(key, ctx) },
      author: doc.author_id ? (people.get(doc.author_id) ?? null) : null,
      html_content: doc.html_content,
      attachments: attachmentDtos(doc, files, readable),
      subject: subjectOf(doc, ctx, names),
      created_at: doc.created_at,
      updated_at: doc.updated_at,
      position: doc.created_position,
      likes_count: doc.liker_ids.length,
      liked: doc.liker_ids.includes(ctx.viewer.member_id),
      replies: doc.replies.map((reply) => {
        const abilities = activityAbilities(reply.author_id, can, ctx.viewer);
        return {
          id: reply.id,
          author: people.get(reply.author_id) ?? null,
          html_content: reply.html_content,
          created_at: reply.created_at,
          updated_at: reply.updated_at,
          can: { update: abilities.update, destroy: abilities.destroy },
        };
      }),
      // automatic activities are told, not written: nobody edits, replies to or likes them
      can: post ? activityAbilities(doc.author_id, can, ctx.viewer) : NO_ACTIONS,
    };
  });
};

/** a stream's page ('all', 'network' or a group's slug), newest first */
export const streamPage = async (store: DocumentStore, ctx: StreamsContext, slug: string, before: number | undefined): Promise<ActivitiesResponse> => {
  const key = streamKeyOfSlug(slug, ctx);
  const all = key === ALL_STREAM_SLUG;
  const scope = await loadAllStreamScope(store, ctx.viewer.member_id);
  const wanted = all ? (entry: Placed) => inAllStream(entry, scope, ctx.viewer.member_id) : (entry: Placed) => entry.key === key;
  const [{ placed, more }, counts, latest] = await Promise.all([
    collectVisible(store, ctx, { wanted, before, limit: ACTIVITIES_PER_PAGE }),
    unreadByStream(store, ctx, scope),
    collectVisible(store, ctx, { wanted, limit: 1 }),
  ]);
  return {
    stream: { slug, name: all ? '' : nameOfKey(key, ctx), kind: all ? 'all' : key === NETWORK_STREAM_SLUG ? 'network' : 'group', subscribed: all || !scope.unsubscribed.has(key) },
    activities: await toActivityDtos(store, ctx, placed),
    latest_position: latest.placed[0]?.doc.created_position ?? 0,
    unread_count: all ? allStreamUnread(counts) : (counts.get(key) ?? 0),
    next_before: more ? (placed[placed.length - 1]?.doc.created_position ?? null) : null,
    // the command side's rule: any stream the viewer sees but 'all' (streamKeyOfSlug refused the others)
    can: { post: !all && streamCanIn(key, ctx).post, subscribe: !all },
  };
};

/** a member's posts, or what they liked, as the viewer may see them */
export const memberPage = async (store: DocumentStore, ctx: StreamsContext, memberId: string, list: 'activities' | 'likes', before: number | undefined): Promise<ActivitiesResponse> => {
  const filter = list === 'activities' ? { author_id: memberId, kind: 'post' } : { liker_ids: { $contains: memberId } };
  const { placed, more } = await collectVisible(store, ctx, { filter, before, limit: ACTIVITIES_PER_PAGE });
  return {
    stream: null,
    activities: await toActivityDtos(store, ctx, placed),
    latest_position: placed[0]?.doc.created_position ?? 0,
    unread_count: 0,
    next_before: more ? (placed[placed.length - 1]?.doc.created_position ?? null) : null,
    can: { post: false, subscribe: false },
  };
};

/** one activity the viewer may see; 404 otherwise */
export const visibleActivity = async (store: DocumentStore, ctx: StreamsContext, id: string): Promise<ActivityDto> => {
  const doc = await activitiesCollection(store).get(id);
  const place = doc ? placeOf(doc, ctx) : null;
  if (!doc || !place) throw new HttpProblem(404, 'not_found');
  const [dto] = await toActivityDtos(store, ctx, [{ doc, ...place }]);
  return dto;
};

/**
 * A file a post carries, for whoever may see the post and the file's folder (postAttachmentAccess), at the
 * version attached; 404 for anybody else, for a deleted post and for a file the post does not carry.
 */
export const activityAttachment = async (store: DocumentStore, ctx: StreamsContext, activityId: string, fileId: string): Promise<{ version: FileVersionEntry; name: string; image: boolean }> => {
  const doc = await activitiesCollection(store).get(activityId);
  const attached = doc && placeOf(doc, ctx) ? doc.attachments.find((entry) => entry.file_id === fileId) : undefined;
  if (!attached) throw new HttpProblem(404, 'not_found');
  const file = (await filesCollection(store).get(fileId)) ?? undefined;
  // the post's list shows the file by the same rule: whoever sees the post and the file's folder
  const opens = postAttachmentAccess(store, { member_id: ctx.viewer.member_id, group_ids: memberGroupIds(ctx) });
  const version = file && (await opens(file, doc?.group_id ?? null)) ? file.versions.find((entry) => entry.version_id === attached.version_id) : undefined;
  if (!version) throw new HttpProblem(404, 'not_found');
  return { version, name: attached.name, image: isInlineImage(version.content_type) };
};
