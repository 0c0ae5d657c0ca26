import type { SearchFeature } from '../core/search-feature';
import { PAGES_INDEX_DEFINITION, pagesIndexing } from './pages-index';

/** Pages, for the global search (its routes come with the global-search feature). */
export const pagesSearchFeature: SearchFeature = {
  name: 'pages',
  indexing: async (open) => pagesIndexing(await open(PAGES_INDEX_DEFINITION)),
};
