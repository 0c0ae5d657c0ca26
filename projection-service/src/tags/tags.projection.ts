import { DEFAULT_NETWORK_ID, emptyTagCatalogue, foldTagCatalogue, TAG_CATALOGUE_EVENT_TYPES, tagCatalogueEventOf, type TagCatalogue } from '@cn/contracts';
import type { ProjectedDocument, Projection } from '@cn/domain';

export type TagsDocument = ProjectedDocument & TagCatalogue;

/**
 * The network's tags: one document, the catalogue folded from the apps' tag properties and the
 * administrators' renames, merges and deletions (contracts' foldTagCatalogue, as the command side folds it).
 */
export const tagsProjection: Projection<TagsDocument> = {
  name: 'tags',
  version: 1,
  eventTypes: TAG_CATALOGUE_EVENT_TYPES,
  documentIds: () => [DEFAULT_NETWORK_ID],
  evolve: (doc, recorded, id) => {
    const event = tagCatalogueEventOf(recorded);
    if (!event) return doc;
    const current = doc ?? emptyTagCatalogue();
    const folded = foldTagCatalogue(current, event, recorded.recordedAt);
    // an event that changed nothing (an item edit without tags) writes and pushes nothing
    if (folded === current) return doc;
    const { tags, aliases, tag_properties, item_tags } = folded;
    return { _id: id, tags, aliases, tag_properties, item_tags };
  },
};
