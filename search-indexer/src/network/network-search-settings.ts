import {
  DEFAULT_NETWORK_ID,
  DEFAULT_NETWORK_SETTINGS,
  NetworkMemberSettingsChanged,
  type MemberSettings,
} from '@cn/contracts';
import type { SearchCollection, SearchDocument } from '@cn/platform';
import { findById, searchIndexDefinition, type Indexing } from '../core/search-feature';

/**
 * The few network settings the search API needs, kept in a small index of their own so that a restart
 * that does not replay the log still knows them.
 */
export interface NetworkSearchSettings extends SearchDocument {
  id: string;
  directory_default_sort: MemberSettings['directory_default_sort'];
  show_online_status: MemberSettings['show_online_status'];
}

export const NETWORK_INDEX = '_network';
export const NETWORK_INDEX_DEFINITION = searchIndexDefinition<NetworkSearchSettings>(NETWORK_INDEX, { searchableAttributes: ['id'], filterableAttributes: ['id'] });

export const defaultNetworkSearchSettings = (): NetworkSearchSettings => ({
  id: DEFAULT_NETWORK_ID,
  directory_default_sort: DEFAULT_NETWORK_SETTINGS.member.directory_default_sort,
  show_online_status: DEFAULT_NETWORK_SETTINGS.member.show_online_status,
});

export type NetworkSettingsIndex = SearchCollection<NetworkSearchSettings>;

export const loadNetworkSearchSettings = async (
  index: NetworkSettingsIndex,
  networkId = DEFAULT_NETWORK_ID,
): Promise<NetworkSearchSettings> => (await findById(index, networkId)) ?? defaultNetworkSearchSettings();

export const networkSettingsIndexing = (index: NetworkSettingsIndex): Indexing => ({
  eventTypes: [NetworkMemberSettingsChanged.type],
  handle: async (event) => {
    const data = event.data as { network_id: string; member: MemberSettings };
    await index.upsert([
      {
        id: data.network_id,
        directory_default_sort: data.member.directory_default_sort,
        show_online_status: data.member.show_online_status,
      },
    ]);
  },
});
