/**
 * The map tab's constants and shapes, free of zod: the member console's shell reads `MapConfig` from the
 * network preload without pulling the schemas into its first script.
 */

/** the longest address a member may give (a free-text line for the geocoder) */
export const MEMBER_ADDRESS_MAX = 300;

/** the collection name pushes about map markers carry, and the topic open map pages watch */
export const MAP_MEMBERS_COLLECTION = 'map_members';

/** The network preload's `config.maps`: on only when the settings show the map AND the server has tiles. */
export interface MapConfig {
  enabled: boolean;
  /** the tile URL template with `{theme}` filled in (`{z}/{x}/{y}` left for the map), null when off */
  tile_url: string | null;
  zoom_level: number;
  /** where the map opens: the network location's coordinates, null when it has none */
  center: { lat: number; lng: number } | null;
  /** `map_scope_selection`: `all` shows members and points of interest, `poi` points of interest only */
  scope: MapScope;
}

export type MapScope = 'all' | 'poi';

/** the collection name pushes about points of interest carry (the same open map pages watch `map_members`) */
export const MAP_PLACES_COLLECTION = 'map_places';

/** One point of interest on the map: an administrator's place, or the network's own location. */
export interface MapPlace {
  id: string;
  kind: 'place' | 'network';
  name: string;
  description: string;
  /** an http(s) link, or null */
  link: string | null;
  lat: number;
  lng: number;
}

export interface MapPlacesResponse {
  places: MapPlace[];
}

/** One member on the map, as the viewer may see it. */
export interface MapMarker {
  id: string;
  name: string;
  path: string;
  image: string | null;
  lat: number;
  lng: number;
}

export interface MapMembersResponse {
  markers: MapMarker[];
}

/** the signed-in member's own address as they gave it (only they and network administrators read it) */
export interface MemberAddressResponse {
  address: string | null;
  /** where the geocoder placed it; null while pending or when it could not be placed */
  located: { lat: number; lng: number } | null;
}

/** `{theme}` of the configured tile URL filled with the network's map theme */
export const tileUrlFor = (template: string, theme: string): string => template.split('{theme}').join(theme);
