import { emptyTagCatalogue, foldTagCatalogue, TAG_CATALOGUE_EVENT_TYPES, tagCatalogueEventOf, type TagCatalogue } from '@cn/contracts';
import type { SearchCollection, SearchDocument } from '@cn/platform';
import { findById, searchIndexDefinition, type Indexing } from '../core/search-feature';
import { allMatching } from '../core/search-text';

/** A tag of the network as the global search finds it. */
export interface TagSearchDocument extends SearchDocument {
  id: string;
  name: string;
  /** lowercased name: the order of equal scores */
  sort_name: string;
  item_count: number;
  updated_at: string;
}

/** the tag catalogue as the contracts fold it, kept whole (never searched) */
export interface TagCatalogueDocument extends SearchDocument {
  id: string;
  catalogue_json: string;
}

export const TAGS_INDEX_DEFINITION = searchIndexDefinition<TagSearchDocument>('tags', {
  searchableAttributes: ['name'],
  filterableAttributes: ['id'],
  sortableAttributes: ['updated_at', 'sort_name', 'id'],
});
export const TAG_CATALOGUE_INDEX_DEFINITION = searchIndexDefinition<TagCatalogueDocument>('_tag_catalogue', { searchableAttributes: ['id'], filterableAttributes: ['id'] });

export type TagsIndex = SearchCollection<TagSearchDocument>;
export type TagCatalogueIndex = SearchCollection<TagCatalogueDocument>;

const CATALOGUE_ID = 'network';

/** a tag's hit link: the activity streams filtered by it (spec: /activitystreams/all?tag=) */
export const tagHitUrl = (name: string): string => `/activitystreams/all?tag=${encodeURIComponent(name)}`;

/**
 * Keeps the tags index current with the catalogue every side folds the same way (`foldTagCatalogue`): a
 * tag appears when an item is first tagged with its name, follows renames and merges, leaves when deleted.
 * Internal tags are left out.
 */
export const tagsIndexing = (tags: TagsIndex, catalogues: TagCatalogueIndex): Indexing => ({
  eventTypes: TAG_CATALOGUE_EVENT_TYPES,
  handle: async (recorded) => {
    const event = tagCatalogueEventOf(recorded);
    if (!event) return;
    const stored = await findById(catalogues, CATALOGUE_ID);
    const current: TagCatalogue = stored ? (JSON.parse(stored.catalogue_json) as TagCatalogue) : emptyTagCatalogue();
    const folded = foldTagCatalogue(current, event, recorded.recordedAt);
    if (folded === current) return;
    await catalogues.upsert([{ id: CATALOGUE_ID, catalogue_json: JSON.stringify(folded) }]);
    // internal tags are never searched (only internal tag properties hold them; externals search too)
    const changed = Object.values(folded.tags).filter((tag) => !tag.internal && JSON.stringify(tag) !== JSON.stringify(current.tags[tag.id]));
    if (changed.length > 0) {
      await tags.upsert(changed.map((tag) => ({ id: tag.id, name: tag.name, sort_name: tag.name.toLowerCase(), item_count: tag.item_count, updated_at: tag.updated_at })));
    }
    const gone = Object.keys(current.tags).filter((id) => !(id in folded.tags));
    if (gone.length > 0) await tags.delete(gone);
  },
});

/** every tag the index holds (tests) */
export const allTags = (tags: TagsIndex): Promise<TagSearchDocument[]> => allMatching(tags, {});
