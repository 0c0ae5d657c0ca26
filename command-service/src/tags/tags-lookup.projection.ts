import { DEFAULT_NETWORK_ID, emptyTagCatalogue, foldTagCatalogue, TAG_CATALOGUE_EVENT_TYPES, tagCatalogueEventOf, type TagCatalogue } from '@cn/contracts';
import type { ProjectedDocument, Projection } from '@cn/domain';

export type LookupTags = ProjectedDocument & TagCatalogue;

/** The command side's copy of the network's tag catalogue: which tags exist and which name leads where. */
export const lookupTagsProjection: Projection<LookupTags> = {
  name: 'command_lookup_tags',
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
