import type { SearchFeature } from '../core/search-feature';
import { NETWORK_INDEX_DEFINITION, networkSettingsIndexing } from './network-search-settings';

/** The network settings the search API reads (no routes of its own). */
export const networkSearchFeature: SearchFeature = {
  name: 'network',
  indexing: async (open) => networkSettingsIndexing(await open(NETWORK_INDEX_DEFINITION)),
};
