import { networkAddressOf, networkMapCenterOf, type MapPlace, type MapPlaceAdminDto } from '@cn/contracts';
import { collectionName } from '@cn/domain';
import type { DocumentStore } from '@cn/platform';
import type { NetworkState } from '../network/network.read';
import { locatedPlace, mapPlacesProjection, type MapPlaceDocument } from './map-places.projection';

export const mapPlacesCollection = (store: DocumentStore) => store.collection<MapPlaceDocument>(collectionName(mapPlacesProjection));

/** the id the network's own location has among the places */
export const NETWORK_PLACE_ID = 'network';

export const toMapPlaceAdminDto = (doc: MapPlaceDocument): MapPlaceAdminDto => ({
  id: doc._id,
  name: doc.name,
  description: doc.description,
  address: doc.address,
  link: doc.link,
  lat: doc.coordinates?.lat ?? null,
  lng: doc.coordinates?.lng ?? null,
  located: locatedPlace(doc),
  revision: doc.revision,
});

/**
 * The points of interest members see: the network's own location (where the map centres: the settings'
 * lat/lng or its placed street address) first, then every placed point of interest by name.
 */
export const mapPlaces = async (store: DocumentStore, network: NetworkState): Promise<MapPlace[]> => {
  const places: MapPlace[] = [];
  const location = network.settings.member.network_location;
  const center = networkMapCenterOf(location, network.geocoded_location);
  if (center) {
    places.push({ id: NETWORK_PLACE_ID, kind: 'network', name: network.settings.basic.name, description: networkAddressOf(location) ?? '', link: null, ...center });
  }
  const docs = (await mapPlacesCollection(store).find()).sort((a, b) => a.name.localeCompare(b.name) || a._id.localeCompare(b._id));
  for (const doc of docs) {
    const at = locatedPlace(doc);
    if (at) places.push({ id: doc._id, kind: 'place', name: doc.name, description: doc.description, link: doc.link, lat: at.lat, lng: at.lng });
  }
  return places;
};
