import { DEFAULT_NETWORK_ID, evolveTagCatalogue, TAG_CATALOGUE_EVENT_TYPES, type TagCatalogue } from '@cn/contracts';
import type { ProjectedDocument, Projection } from '@cn/domain';

export type LookupTags = ProjectedDocument & TagCatalogue;

/** The command side's copy of the network's tag catalogue: which tags exist and which name leads where. */
export const lookupTagsProjection: Projection<LookupTags> = {
  name: 'command_lookup_tags',
  version: 1,
  eventTypes: TAG_CATALOGUE_EVENT_TYPES,
  documentIds: () => [DEFAULT_NETWORK_ID],
  evolve: evolveTagCatalogue,
};
