import {
  ActivityDeleted,
  ActivityEdited,
  ActivityPosted,
  ActivityReplied,
  ActivityReplyDeleted,
  ActivityReplyEdited,
  eventOf,
} from '@cn/contracts';
import type { SearchCollection, SearchDocument } from '@cn/platform';
import { findById, searchIndexDefinition, type Indexing } from '../core/search-feature';
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
  /** the stream that holds it: 'network' or the group's id; who sees it is decided when searching */
  stream: string;
  author_id: string;
  text: string;
  created_at: string;
  /** the post's replies (0 for a reply) */
  reply_count: number;
}

export const ACTIVITIES_INDEX_DEFINITION = searchIndexDefinition<ActivitySearchDocument>('activities', {
  searchableAttributes: ['text'],
  filterableAttributes: ['id', 'activity_id', 'stream', 'author_id', 'kind'],
  sortableAttributes: ['created_at', 'id'],
});

export type ActivitiesIndex = SearchCollection<ActivitySearchDocument>;

const definitions = [ActivityPosted, ActivityEdited, ActivityDeleted, ActivityReplied, ActivityReplyEdited, ActivityReplyDeleted] as const;

/** Posts and replies (automatic activities are not searched); a deleted post takes its replies along. */
export const activitiesIndexing = (index: ActivitiesIndex): Indexing => {
  const change = async (id: string, update: (doc: ActivitySearchDocument) => ActivitySearchDocument): Promise<void> => {
    const doc = await findById(index, id);
    if (doc) await index.upsert([update(doc)]);
  };
  const recount = async (activityId: string): Promise<void> => {
    const replies = await allMatching(index, { activity_id: activityId, kind: 'reply' });
    await change(activityId, (doc) => ({ ...doc, reply_count: replies.length }));
  };
  return {
    eventTypes: definitions.map((definition) => definition.type),
    handle: async (recorded) => {
      const event = eventOf(definitions, recorded);
      if (event === null) return;
      const createdAt = recorded.metadata.occurredAt;
      switch (event.type) {
        case 'ActivityPosted': {
          const { activity_id, group_id, author_id, html_content } = event.data;
          const current = await findById(index, activity_id);
          await index.upsert([
            {
              id: activity_id,
              kind: 'post',
              activity_id,
              stream: group_id ?? NETWORK_STREAM,
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
            { id: reply_id, kind: 'reply', activity_id, stream: post.stream, author_id, text: searchableText(html_content), created_at: createdAt, reply_count: 0 },
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
  };
};

/** the link of a hit: the post (a reply is shown within its post) */
export const activityHitUrl = (doc: ActivitySearchDocument): string => `/activities/${doc.activity_id}`;
