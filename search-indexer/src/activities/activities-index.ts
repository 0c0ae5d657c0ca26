import {
  ActivityDeleted,
  ActivityEdited,
  ActivityPosted,
  ActivityReplied,
  ActivityReplyDeleted,
  ActivityReplyEdited,
  eventOf,
  GroupCreated,
  GroupDeleted,
  GroupDetailsChanged,
  type GroupAccess,
} from '@cn/contracts';
import type { SearchCollection, SearchDocument } from '@cn/platform';
import { findById, searchIndexDefinition, type Indexing, type OpenIndex } from '../core/search-feature';
import { allMatching, searchableText } from '../core/search-text';

/** the network's stream in `stream` (a group's stream is the group's id) */
export const NETWORK_STREAM = 'network';

/** A post or a reply of an activity stream, as the global search finds it. */
export interface ActivitySearchDocument extends SearchDocument {
  /** the activity id of a post, the reply id of a reply */
  id: string;
  kind: 'post' | 'reply';
  /** the post (a reply's post) */
  activity_id: string;
  /** the stream that holds it: 'network' or the group's id */
  stream: string;
  /**
   * who finds it, as tokens (`activityAudience`), derived from its stream's state when it was indexed and
   * derived again whenever that state changes; the search asks with the viewer's few tokens (`activityTokensOf`).
   * Derived again, it is merged into the index alone (`SearchCollection.merge`), never written with the rest
   * of the document, so the search side's copy may hold an older one: it is never read from there.
   */
  audience: string[];
  author_id: string;
  text: string;
  created_at: string;
  /** the post's replies (0 for a reply) */
  reply_count: number;
}

export const ACTIVITIES_INDEX_DEFINITION = searchIndexDefinition<ActivitySearchDocument>('activities', {
  searchableAttributes: ['text'],
  filterableAttributes: ['id', 'activity_id', 'stream', 'author_id', 'kind', 'audience'],
  sortableAttributes: ['created_at', 'id'],
});

/**
 * What the activities feature knows of a group's stream (from the group's own events, so that a rebuild of
 * the activities alone derives the same audiences): never searched. No document: the group is unknown yet
 * (its events indexed after the post's on a partitioned bus) or deleted.
 */
export interface ActivityStreamSearchDocument extends SearchDocument {
  id: string;
  access: GroupAccess;
  externally_visible: boolean;
}

export const ACTIVITY_STREAMS_INDEX_DEFINITION = searchIndexDefinition<ActivityStreamSearchDocument>('_activity_streams', {
  searchableAttributes: ['id'],
  filterableAttributes: ['id'],
});

/** the token of a group's members (an activity of a group only its members find whatever the group's state) */
export const memberToken = (groupId: string): string => `g:${groupId}`;
/** the token of a group's invited members (they read an open or closed group's stream, not a hidden one's) */
export const invitedToken = (groupId: string): string => `i:${groupId}`;
/** network administrators: every stream of a group that exists */
export const ADMIN_TOKEN = 'admin';

/**
 * Who finds an activity of a stream (`streamAbilities` of the contracts, as tokens): the network's stream
 * everyone; a group's its members, network admins, and unless it is hidden internal members (external ones
 * when the group is externally visible) and invited members. A group whose state is not known (not indexed
 * yet, or deleted) only its members: the most restrictive, until its state is known.
 */
export const activityAudience = (stream: string, state: ActivityStreamSearchDocument | null): string[] => {
  if (stream === NETWORK_STREAM) return [ADMIN_TOKEN, 'internal', 'external'];
  if (state === null) return [memberToken(stream)];
  if (state.access === 'hidden') return [ADMIN_TOKEN, memberToken(stream)];
  return [ADMIN_TOKEN, 'internal', ...(state.externally_visible ? ['external'] : []), memberToken(stream), invitedToken(stream)];
};

export type ActivitiesIndex = SearchCollection<ActivitySearchDocument>;

const definitions = [ActivityPosted, ActivityEdited, ActivityDeleted, ActivityReplied, ActivityReplyEdited, ActivityReplyDeleted, GroupCreated, GroupDetailsChanged, GroupDeleted] as const;

const sameAudience = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((token, at) => token === b[at]);

/**
 * Posts and replies (automatic activities are not searched); a deleted post takes its replies along. Each
 * carries its stream's audience: a group's change of access or external visibility (or its creation, or
 * deletion) derives the audience of every activity of its stream again.
 */
export const activitiesIndexing = (index: ActivitiesIndex, streams: SearchCollection<ActivityStreamSearchDocument>): Indexing => {
  /** the audiences this batch derived, by stream: looked at again once it is committed (`settle`) */
  const derived = new Map<string, string[]>();
  /** the streams whose state this batch changed */
  const changed = new Set<string>();
  const audienceOf = async (stream: string): Promise<string[]> => {
    const audience = activityAudience(stream, stream === NETWORK_STREAM ? null : await findById(streams, stream));
    derived.set(stream, audience);
    return audience;
  };
  /** every write of an activity derives its audience too: a write never carries one older than the state it read */
  const change = async (id: string, update: (doc: ActivitySearchDocument) => ActivitySearchDocument): Promise<void> => {
    const doc = await findById(index, id);
    if (doc) await index.upsert([{ ...update(doc), audience: await audienceOf(doc.stream) }]);
  };
  const recount = async (activityId: string): Promise<void> => {
    const replies = await allMatching(index, { activity_id: activityId, kind: 'reply' });
    await change(activityId, (doc) => ({ ...doc, reply_count: replies.length }));
  };
  /**
   * every activity of these streams gets its stream's audience as it is now (one lookup for them all): the
   * audience alone, merged into the index (`merge`), so that an edit another replica indexed meanwhile is
   * kept (a whole document written from the copy read before it would take its text back)
   */
  const rederive = async (target: ActivitiesIndex, audiences: ReadonlyMap<string, string[]>): Promise<void> => {
    if (audiences.size === 0) return;
    const found = await allMatching(target, { stream: [...audiences.keys()] });
    const merges = found.flatMap((doc) => {
      const audience = audiences.get(doc.stream);
      return audience ? [{ id: doc.id, audience }] : [];
    });
    if (merges.length > 0) await target.merge(merges);
  };
  /**
   * A group's state changed: its activities get the new audience in this batch. A group created is looked
   * up once the batch is committed (`settle`, one lookup for the batch's new groups): its activities can only
   * be posts indexed before it, which carry its members' token meanwhile (nobody else finds them).
   */
  const streamChanged = async (stream: string, state: ActivityStreamSearchDocument | null, created = false): Promise<void> => {
    if (state) await streams.upsert([state]);
    else await streams.delete([stream]);
    changed.add(stream);
    const audience = await audienceOf(stream);
    if (!created) await rederive(index, new Map([[stream, audience]]));
  };
  return {
    eventTypes: definitions.map((definition) => definition.type),
    handle: async (recorded) => {
      const event = eventOf(definitions, recorded);
      if (event === null) return;
      const createdAt = recorded.metadata.occurredAt;
      switch (event.type) {
        case 'GroupCreated':
          await streamChanged(event.data.group_id, { id: event.data.group_id, access: event.data.access, externally_visible: false }, true);
          return;
        case 'GroupDetailsChanged': {
          const { access, externally_visible } = event.data.details;
          const before = await findById(streams, event.data.group_id);
          if (before?.access === access && before.externally_visible === externally_visible) return;
          await streamChanged(event.data.group_id, { id: event.data.group_id, access, externally_visible });
          return;
        }
        case 'GroupDeleted':
          await streamChanged(event.data.group_id, null);
          return;
        case 'ActivityPosted': {
          const { activity_id, group_id, author_id, html_content } = event.data;
          const current = await findById(index, activity_id);
          await index.upsert([
            {
              id: activity_id,
              kind: 'post',
              activity_id,
              stream: group_id ?? NETWORK_STREAM,
              audience: await audienceOf(group_id ?? NETWORK_STREAM),
              author_id,
              text: searchableText(html_content),
              created_at: current?.created_at ?? createdAt,
              reply_count: current?.reply_count ?? 0,
            },
          ]);
          return;
        }
        case 'ActivityEdited':
          await change(event.data.activity_id, (doc) => ({ ...doc, text: searchableText(event.data.html_content) }));
          return;
        case 'ActivityDeleted': {
          const replies = await allMatching(index, { activity_id: event.data.activity_id });
          await index.delete([event.data.activity_id, ...replies.map((doc) => doc.id)]);
          return;
        }
        case 'ActivityReplied': {
          const { activity_id, reply_id, author_id, html_content } = event.data;
          const post = await findById(index, activity_id);
          // a reply to a post the index does not hold (deleted) is nobody's to find
          if (!post) return;
          await index.upsert([
            {
              id: reply_id,
              kind: 'reply',
              activity_id,
              stream: post.stream,
              audience: await audienceOf(post.stream),
              author_id,
              text: searchableText(html_content),
              created_at: createdAt,
              reply_count: 0,
            },
          ]);
          await recount(activity_id);
          return;
        }
        case 'ActivityReplyEdited':
          await change(event.data.reply_id, (doc) => ({ ...doc, text: searchableText(event.data.html_content) }));
          return;
        case 'ActivityReplyDeleted':
          await index.delete([event.data.reply_id]);
          await recount(event.data.activity_id);
          return;
      }
    },
    /*
     * On a partitioned bus a group's change and a post in its stream may be indexed at the same time by two
     * replicas: the post derived from the state before the change, committed after the change's replica
     * looked for its stream's activities, would keep an audience the group no longer has. Once this batch
     * is committed (copies, then the index), both sides look again, reading the committed copies: a stream
     * whose state this batch changed has its activities derived again (found in the index now, so with every
     * activity another replica wrote before), and an activity written from a state that changed meanwhile
     * is derived again. Whichever of the two replicas commits last, one of them sees the other's write.
     * What a settle step writes it looks at again in the next one (the runtime settles until a step writes
     * nothing), so a state committed between its look and its write is never left behind.
     */
    settle: async (open: OpenIndex) => {
      const [target, committed] = await Promise.all([open(ACTIVITIES_INDEX_DEFINITION), open(ACTIVITY_STREAMS_INDEX_DEFINITION)]);
      const again = new Map<string, string[]>();
      for (const stream of new Set([...derived.keys(), ...changed])) {
        const now = activityAudience(stream, stream === NETWORK_STREAM ? null : await findById(committed, stream));
        if (changed.has(stream) || !sameAudience(now, derived.get(stream) ?? [])) again.set(stream, now);
      }
      derived.clear();
      changed.clear();
      await rederive(target, again);
      for (const [stream, audience] of again) derived.set(stream, audience);
    },
  };
};

/** the link of a hit: the post (a reply is shown within its post) */
export const activityHitUrl = (doc: ActivitySearchDocument): string => `/activities/${doc.activity_id}`;
