import type { SearchFeature } from '../core/search-feature';
import { TAG_CATALOGUE_INDEX_DEFINITION, TAGS_INDEX_DEFINITION, tagsIndexing } from './tags-index';

/** The network's tags, for the global search (its routes come with the global-search feature). */
export const tagsSearchFeature: SearchFeature = {
  name: 'tags',
  indexing: async (open) => tagsIndexing(await open(TAGS_INDEX_DEFINITION), await open(TAG_CATALOGUE_INDEX_DEFINITION)),
};
