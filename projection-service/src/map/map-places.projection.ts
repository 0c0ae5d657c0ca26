import { MapPlaceChanged, MapPlaceCreated, MapPlaceGeocoded, MapPlaceRemoved, type MapCoordinates } from '@cn/contracts';
import type { ProjectedDocument, Projection } from '@cn/domain';

/**
 * One document per point of interest: what the administrator gave (name, description, address or own
 * lat/lng, link), the revision of its stream (what an edit sends back) and the geocoder's last answer,
 * kept from the place's location stream. Removing the place removes the document.
 */
export interface MapPlaceDocument extends ProjectedDocument {
  name: string;
  description: string;
  address: string | null;
  link: string | null;
  /** the administrator's own lat/lng (null: the address decides) */
  coordinates: MapCoordinates | null;
  /** the geocoder's last answer and the address text it was for */
  geocoded: { address: string; coordinates: MapCoordinates | null } | null;
  revision: number;
}

/** where the place shows: its own lat/lng, else the answer for its *current* address (an older answer never places it) */
export const locatedPlace = (doc: Pick<MapPlaceDocument, 'address' | 'coordinates' | 'geocoded'>): MapCoordinates | null =>
  doc.coordinates ?? (doc.geocoded && doc.address !== null && doc.geocoded.address === doc.address ? doc.geocoded.coordinates : null);

interface PlaceData {
  place_id: string;
  name: string;
  description: string;
  address: string | null;
  link: string | null;
  coordinates: MapCoordinates | null;
}

export const mapPlacesProjection: Projection<MapPlaceDocument> = {
  name: 'map_places',
  version: 1,
  eventTypes: [MapPlaceCreated.type, MapPlaceChanged.type, MapPlaceRemoved.type, MapPlaceGeocoded.type],
  documentIds: (event) => [(event.data as { place_id: string }).place_id],
  evolve: (doc, event, id) => {
    switch (event.type) {
      case MapPlaceCreated.type:
      case MapPlaceChanged.type: {
        // a replayed event (its revision seen already) changes nothing
        if (doc && event.revision <= doc.revision) return doc;
        const { name, description, address, link, coordinates } = event.data as PlaceData;
        return { _id: id, name, description, address, link, coordinates, geocoded: doc?.geocoded ?? null, revision: event.revision };
      }
      case MapPlaceRemoved.type:
        return null;
      case MapPlaceGeocoded.type: {
        // an answer for a place removed meanwhile places nothing
        if (!doc) return null;
        const { address, coordinates } = event.data as { address: string; coordinates: MapCoordinates | null };
        return { ...doc, geocoded: { address, coordinates } };
      }
      default:
        return doc;
    }
  },
};
