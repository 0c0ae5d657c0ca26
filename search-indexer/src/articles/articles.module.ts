import type { SearchFeature } from '../core/search-feature';
import { ARTICLE_CHANNELS_INDEX_DEFINITION, ARTICLES_INDEX_DEFINITION, articlesIndexing } from './articles-index';

/** Channel articles, for the global search (its routes come with the global-search feature). */
export const articlesSearchFeature: SearchFeature = {
  name: 'articles',
  indexing: async (open) => articlesIndexing(await open(ARTICLES_INDEX_DEFINITION), await open(ARTICLE_CHANNELS_INDEX_DEFINITION)),
};
