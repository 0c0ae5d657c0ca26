// @cn/platform/search-index: the search index port and its MiniSearch and Meilisearch adapters.
export * from './search-index';
export * from './minisearch-index';
export * from './meilisearch-index';
export * from './meilisearch-test-run';
