import {
  DEFAULT_NETWORK_ID,
  DEFAULT_NETWORK_SETTINGS,
  NetworkBasicSettingsChanged,
  NetworkJoinSettingsChanged,
  NetworkMailSettingsChanged,
  NetworkMemberSettingsChanged,
  NETWORK_READ_MODEL,
  NetworkLocationGeocoded,
  type NetworkSettings,
} from '@cn/contracts';
import type { ProjectedDocument, Projection } from '@cn/domain';
import type { RecordedEvent } from '@cn/domain';

/** The network configuration: the four settings tabs as the latest events left them. */
export interface NetworkDocument extends ProjectedDocument {
  settings: NetworkSettings;
  /** where the geocoding reactor placed the network's street address (the map's centre without lat/lng) */
  geocoded_location?: GeocodedNetworkLocation;
}

export interface GeocodedNetworkLocation {
  address: string;
  coordinates: { lat: number; lng: number } | null;
}

const networkIdOf = (event: RecordedEvent): string =>
  (event.data as { network_id?: string }).network_id ?? DEFAULT_NETWORK_ID;

export const initialNetworkSettings = (): NetworkSettings => structuredClone(DEFAULT_NETWORK_SETTINGS);

export const networkProjection: Projection<NetworkDocument> = {
  // the search side's member guard reads it too
  ...NETWORK_READ_MODEL,
  eventTypes: [
    NetworkBasicSettingsChanged.type,
    NetworkJoinSettingsChanged.type,
    NetworkMemberSettingsChanged.type,
    NetworkMailSettingsChanged.type,
    NetworkLocationGeocoded.type,
  ],
  documentIds: (event) => [networkIdOf(event)],
  evolve: (doc, event, id) => {
    const settings = doc?.settings ?? initialNetworkSettings();
    const data = event.data as Partial<NetworkSettings>;
    // every change keeps what the reactor placed (a settings document written before it had none)
    const kept = doc?.geocoded_location ? { geocoded_location: doc.geocoded_location } : {};
    switch (event.type) {
      case NetworkLocationGeocoded.type: {
        const placed = event.data as { address: string; coordinates: GeocodedNetworkLocation['coordinates'] };
        return { _id: id, settings, geocoded_location: { address: placed.address, coordinates: placed.coordinates } };
      }
      case NetworkBasicSettingsChanged.type:
        return { _id: id, settings: { ...settings, basic: data.basic ?? settings.basic }, ...kept };
      case NetworkJoinSettingsChanged.type:
        return { _id: id, settings: { ...settings, join: data.join ?? settings.join }, ...kept };
      case NetworkMemberSettingsChanged.type:
        return { _id: id, settings: { ...settings, member: data.member ?? settings.member }, ...kept };
      case NetworkMailSettingsChanged.type:
        return { _id: id, settings: { ...settings, mail: data.mail ?? settings.mail }, ...kept };
      default:
        return doc;
    }
  },
};
