import { DEFAULT_NETWORK_ID, type NetworkSettings } from '@cn/contracts';
import { type DocumentStore } from '@cn/platform';
import { collectionName } from '@cn/domain';
import { initialNetworkSettings, networkProjection, type GeocodedNetworkLocation, type NetworkDocument } from './network.projection';

export interface NetworkState {
  settings: NetworkSettings;
  /** global position the network read model has reached (0 before any settings event) */
  position: number;
  /** where the geocoding reactor placed the network's street address */
  geocoded_location?: GeocodedNetworkLocation | null;
}

export const networkCollection = (store: DocumentStore) =>
  store.collection<NetworkDocument>(collectionName(networkProjection));

export const loadNetwork = async (store: DocumentStore, networkId = DEFAULT_NETWORK_ID): Promise<NetworkState> => {
  const doc = await networkCollection(store).get(networkId);
  return doc ? { settings: doc.settings, position: doc._position, geocoded_location: doc.geocoded_location ?? null } : { settings: initialNetworkSettings(), position: 0 };
};
