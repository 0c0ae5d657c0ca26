import { channelEvents, channelLetterOf, eventOf, type ChannelStatus, type ChannelViewer } from '@cn/contracts';
import type { SearchCollection, SearchDocument } from '@cn/platform';
import { findById, searchIndexDefinition, type Indexing } from '../core/search-feature';

/** A channel as the directory's channels tab finds it. */
export interface ChannelSearchDocument extends SearchDocument {
  id: string;
  title: string;
  /** lowercased title: the directory's order */
  sort_title: string;
  description: string;
  status: ChannelStatus;
  author_id: string | null;
  /** the A–Z filter's letter ('#' otherwise) */
  letter: string;
  subscriber_ids: string[];
  subscribers_count: number;
  image: string | null;
  /**
   * who finds it: 'all' for an active channel; a draft or archived one only its updaters, 'admins' and its
   * author (channelAbilities: an external author cannot update, so the query leaves them out)
   */
  visible_to: string[];
}

export const CHANNELS_INDEX = 'channels';
export const CHANNELS_INDEX_DEFINITION = searchIndexDefinition<ChannelSearchDocument>(CHANNELS_INDEX, {
  searchableAttributes: ['title', 'description'],
  filterableAttributes: ['id', 'letter', 'subscriber_ids', 'visible_to', 'status'],
  sortableAttributes: ['sort_title', 'id'],
});

export type ChannelsIndex = SearchCollection<ChannelSearchDocument>;

const visibleTo = (status: ChannelStatus, authorId: string | null): string[] => (status === 'active' ? ['all'] : ['admins', ...(authorId ? [`member:${authorId}`] : [])]);

/** the visible_to values a viewer matches (any of) */
export const visibilityFilterOf = (viewer: ChannelViewer): string[] => [
  'all',
  ...(viewer.network_admin ? ['admins'] : []),
  ...(viewer.external ? [] : [`member:${viewer.member_id}`]),
];

/** Keeps the channels index current: created, edited (title, status), subscribed, its logo. */
export const channelsIndexing = (index: ChannelsIndex): Indexing => {
  const update = async (id: string, change: (doc: ChannelSearchDocument) => Partial<ChannelSearchDocument>): Promise<void> => {
    const current = await findById(index, id);
    if (current) await index.upsert([{ ...current, ...change(current) }]);
  };
  return {
    eventTypes: ['ChannelCreated', 'ChannelUpdated', 'ChannelDesignChanged', 'ChannelSubscribed', 'ChannelUnsubscribed'],
    handle: async (recorded) => {
      const event = eventOf(channelEvents, recorded);
      switch (event?.type) {
        case 'ChannelCreated': {
          const { channel_id: id, title, description, status, author_id } = event.data;
          await index.upsert([
            {
              id,
              title,
              sort_title: title.toLowerCase(),
              description,
              status,
              author_id,
              letter: channelLetterOf(title),
              subscriber_ids: [],
              subscribers_count: 0,
              image: null,
              visible_to: visibleTo(status, author_id),
            },
          ]);
          return;
        }
        case 'ChannelUpdated': {
          const { title, description, status } = event.data;
          await update(event.data.channel_id, (doc) => ({
            title,
            sort_title: title.toLowerCase(),
            description,
            status,
            letter: channelLetterOf(title),
            visible_to: visibleTo(status, doc.author_id),
          }));
          return;
        }
        case 'ChannelDesignChanged': {
          const { design } = event.data;
          await update(event.data.channel_id, () => ({ image: design.logo_image ?? (design.banner_type === 'image' ? design.banner_image : null) }));
          return;
        }
        case 'ChannelSubscribed':
        case 'ChannelUnsubscribed': {
          const { member_id: memberId } = event.data;
          const on = event.type === 'ChannelSubscribed';
          await update(event.data.channel_id, (doc) => {
            const subscriber_ids = on ? [...new Set([...doc.subscriber_ids, memberId])] : doc.subscriber_ids.filter((id) => id !== memberId);
            return { subscriber_ids, subscribers_count: subscriber_ids.length };
          });
          return;
        }
        default:
          return;
      }
    },
  };
};
