import { emptyTagCatalogue, foldTagCatalogue, TAG_CATALOGUE_EVENT_TYPES, tagCatalogueEventOf, tagUseCount, type TagCatalogue, type TagRecord } from '@cn/contracts';
import type { SearchCollection, SearchDocument } from '@cn/platform';
import { findById, searchIndexDefinition, type Indexing } from '../core/search-feature';
import { allMatching } from '../core/search-text';

/** A tag of the network as the global search finds it. */
export interface TagSearchDocument extends SearchDocument {
  id: string;
  name: string;
  /** lowercased name: the order of equal scores */
  sort_name: string;
  /** the items using it under tag properties that are not internal: what an external member may know of */
  item_count: number;
  /** the items using it under any tag property (those who see internal tags); absent in documents indexed before */
  all_item_count?: number;
  /** when it last changed as an external member may see it (name, public uses): uses under internal properties never move it */
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

/** what an external member may know of a tag: its name and its public uses */
const publicFace = (catalogue: TagCatalogue, tag: TagRecord | undefined): string => (tag ? JSON.stringify([tag.name, tagUseCount(catalogue, tag, false)]) : '');

/**
 * Keeps the tags index current with the catalogue every side folds the same way (`foldTagCatalogue`): a
 * tag appears when an item is first tagged with its name, follows renames and merges, leaves when deleted.
 * Internal tags are left out. Externals search too, so a public tag's uses under internal properties never
 * show in what they read or in its order: `item_count` is the public uses, `updated_at` moves only when
 * the name or the public uses change (a change of the internal uses alone keeps the indexed date), and
 * the count with every use is kept aside (`all_item_count`) for those who see internal tags.
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
    const documents: TagSearchDocument[] = [];
    for (const tag of changed) {
      const before = current.tags[tag.id];
      const seenChange = publicFace(folded, tag) !== publicFace(current, before);
      const indexed = seenChange ? null : await findById(tags, tag.id);
      if (!seenChange && indexed?.all_item_count === tag.item_count) continue;
      documents.push({ id: tag.id, name: tag.name, sort_name: tag.name.toLowerCase(), item_count: tagUseCount(folded, tag, false), all_item_count: tag.item_count, updated_at: indexed?.updated_at ?? tag.updated_at });
    }
    if (documents.length > 0) await tags.upsert(documents);
    const gone = Object.keys(current.tags).filter((id) => !(id in folded.tags));
    if (gone.length > 0) await tags.delete(gone);
  },
});

/** every tag the index holds (tests) */
export const allTags = (tags: TagsIndex): Promise<TagSearchDocument[]> => allMatching(tags, {});
