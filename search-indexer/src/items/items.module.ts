import type { SearchFeature } from '../core/search-feature';
import { APPS_INDEX_DEFINITION, ITEM_TAGS_INDEX_DEFINITION, ITEMS_INDEX_DEFINITION, itemsIndexing } from './items-index';

/** App items, for the global search (its routes come with the global-search feature). */
export const itemsSearchFeature: SearchFeature = {
  name: 'items',
  indexing: async (open) => itemsIndexing(await open(ITEMS_INDEX_DEFINITION), await open(APPS_INDEX_DEFINITION), await open(ITEM_TAGS_INDEX_DEFINITION)),
};
