import { DEFAULT_NETWORK_ID, evolveTagCatalogue, TAG_CATALOGUE_EVENT_TYPES, type TagCatalogue } from '@cn/contracts';
import type { ProjectedDocument, Projection } from '@cn/domain';

export type LookupTags = ProjectedDocument & TagCatalogue;

/** The command side's copy of the network's tag catalogue: which tags exist and which name leads where. */
export const lookupTagsProjection: Projection<LookupTags> = {
  name: 'command_lookup_tags',
  // 2: a tag's deletion leaves the emptied property of an item as [] (readers tell it from values never tagged)
  // 3: internal tags have their own scope (ids, aliases): names used under internal properties are folded again
  // 4: each tag's public uses (`public_item_count`) and the tag groups each tag property names (`tag_groups`)
  version: 4,
  eventTypes: TAG_CATALOGUE_EVENT_TYPES,
  documentIds: () => [DEFAULT_NETWORK_ID],
  evolve: evolveTagCatalogue,
};
