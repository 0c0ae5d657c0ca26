import { z } from 'zod';
import { defineEvent, type EventOf } from '../common/events';
import type { NetworkSettings } from '../settings/network-settings';

/**
 * The network's street address (the member settings' `network_location`) placed by the geocoding reactor,
 * on its own stream: the map centres on it unless the settings name the centre's lat/lng themselves. The
 * address is the network's, not a member's: no personal data.
 */
export const networkLocationStream = (networkId: string): string => `networklocation-${networkId}`;

export const RECORD_NETWORK_LOCATION = 'RecordNetworkLocation';

export const NetworkLocationGeocoded = defineEvent(
  'NetworkLocationGeocoded',
  1,
  z.object({
    network_id: z.string(),
    /** the address text that was asked for (networkAddressOf) */
    address: z.string(),
    /** null: the geocoder knows no such place */
    coordinates: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  }),
);

export const networkLocationEvents = [NetworkLocationGeocoded] as const;
export type NetworkLocationEvent = EventOf<(typeof networkLocationEvents)[number]>;

/** the one line the geocoder is asked for; null while the settings name no street and city */
export const networkAddressOf = (location: NetworkSettings['member']['network_location']): string | null => {
  const street = [location.street, location.number].map((part) => part.trim()).filter(Boolean).join(' ');
  const town = [location.zip, location.city].map((part) => part.trim()).filter(Boolean).join(' ');
  if (location.street.trim() === '' || location.city.trim() === '') return null;
  return [street, town, location.country.trim()].filter(Boolean).join(', ');
};

/** the map's centre: the settings' own lat/lng, else the geocoded place of the current address */
export const networkMapCenterOf = (
  location: NetworkSettings['member']['network_location'],
  geocoded: { address: string; coordinates: { lat: number; lng: number } | null } | null | undefined,
): { lat: number; lng: number } | null => {
  if (location.lat != null && location.lng != null) return { lat: location.lat, lng: location.lng };
  const address = networkAddressOf(location);
  return geocoded && address !== null && geocoded.address === address ? geocoded.coordinates : null;
};
