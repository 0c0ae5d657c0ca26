import { randomUUID } from 'node:crypto';
import { deleteMeiliIndexesWithPrefix } from './meilisearch-index';

export interface MeilisearchTestRun {
  /** MEILI_URL, MEILI_KEY and this run's MEILI_INDEX_PREFIX for `loadConfig`; empty without MEILI_URL */
  env: Record<string, string>;
  /** this run's index prefix (every index the run creates starts with it) */
  prefix: string;
  /** deletes every index of this run's prefix on the server (nothing without MEILI_URL): call it when the suite ends */
  removeIndexes(): Promise<void>;
}

/**
 * A spec's own index names on the Meilisearch server MEILI_URL names (key MEILI_KEY), shared by other runs
 * and other engineers: the prefix is the spec's name and a random part, and its indexes are deleted at the end.
 */
export const meilisearchTestRun = (name: string): MeilisearchTestRun => {
  const url = process.env['MEILI_URL'];
  const key = process.env['MEILI_KEY'];
  const prefix = `${name.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 40)}_${randomUUID().replace(/-/g, '').slice(0, 12)}_`;
  return {
    env: url ? { MEILI_URL: url, ...(key ? { MEILI_KEY: key } : {}), MEILI_INDEX_PREFIX: prefix } : {},
    prefix,
    removeIndexes: async () => {
      if (url) await deleteMeiliIndexesWithPrefix({ host: url, apiKey: key, prefix });
    },
  };
};
