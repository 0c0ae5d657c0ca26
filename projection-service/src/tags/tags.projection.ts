import { DEFAULT_NETWORK_ID, evolveTagCatalogue, TAG_CATALOGUE_EVENT_TYPES, type TagCatalogue } from '@cn/contracts';
import type { ProjectedDocument, Projection } from '@cn/domain';

export type TagsDocument = ProjectedDocument & TagCatalogue;

/**
 * The network's tags: one document, the catalogue folded from the apps' tag properties and the
 * administrators' renames, merges and deletions (contracts' foldTagCatalogue, as the command side folds it).
 */
export const tagsProjection: Projection<TagsDocument> = {
  name: 'tags',
  // 2: a tag's deletion leaves the emptied property of an item as [] (readers tell it from values never tagged)
  // 3: internal tags have their own scope (ids, aliases): names used under internal properties are folded again
  // 4: each tag's public uses (`public_item_count`) and the tag groups each tag property names (`tag_groups`)
  version: 4,
  eventTypes: TAG_CATALOGUE_EVENT_TYPES,
  documentIds: () => [DEFAULT_NETWORK_ID],
  evolve: evolveTagCatalogue,
};
