import type { MapCoordinates, MapPlaceEvent, MapPlaceLocationEvent } from '@cn/contracts';
import { DomainError, type Decider } from '@cn/domain';

/** A point of interest on `mapPlaceStream(id)`: whether it exists and what it says now. */
export interface MapPlaceState {
  exists: boolean;
  removed: boolean;
}

export interface MapPlaceFields {
  name: string;
  description: string;
  address: string | null;
  link: string | null;
  coordinates: MapCoordinates | null;
}

export type MapPlaceCommand =
  | ({ type: 'CreateMapPlace'; place_id: string } & MapPlaceFields)
  | ({ type: 'EditMapPlace'; place_id: string } & MapPlaceFields)
  | { type: 'RemoveMapPlace'; place_id: string };

const evolve = (state: MapPlaceState, event: MapPlaceEvent): MapPlaceState => {
  switch (event.type) {
    case 'MapPlaceCreated':
      return { ...state, exists: true };
    case 'MapPlaceRemoved':
      return { ...state, removed: true };
    default:
      return state;
  }
};

/**
 * Administrators create, change and remove places (the route's guard: `auth: 'admin'`); a removed or
 * unknown place is 404 to a change, and the handler passes the revision the form was read at (409 when stale).
 */
const decide = (command: MapPlaceCommand, state: MapPlaceState): MapPlaceEvent[] => {
  switch (command.type) {
    case 'CreateMapPlace': {
      if (state.exists) throw new DomainError('concurrency_conflict', 'conflict');
      const { type: _type, ...data } = command;
      return [{ type: 'MapPlaceCreated', data }];
    }
    case 'EditMapPlace': {
      if (!state.exists || state.removed) throw new DomainError('not_found', 'not_found');
      const { type: _type, ...data } = command;
      return [{ type: 'MapPlaceChanged', data }];
    }
    case 'RemoveMapPlace':
      if (!state.exists || state.removed) throw new DomainError('not_found', 'not_found');
      return [{ type: 'MapPlaceRemoved', data: { place_id: command.place_id } }];
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
};

export const mapPlaceDecider: Decider<MapPlaceState, MapPlaceCommand, MapPlaceEvent> = {
  initialState: () => ({ exists: false, removed: false }),
  evolve,
  decide,
};

/** The geocoder's answers for a place: the last address text answered (null: none yet). */
export interface MapPlaceLocationState {
  address: string | null;
}

/** the geocoding reactor's answer for a place's address: a place, or null for none found */
export interface RecordMapPlaceLocation {
  type: 'RecordMapPlaceLocation';
  place_id: string;
  address: string;
  coordinates: MapCoordinates | null;
}

/** One answer per address text: the same address again (a replay, a restart, an edit of the name only) appends nothing. */
export const mapPlaceLocationDecider: Decider<MapPlaceLocationState, RecordMapPlaceLocation, MapPlaceLocationEvent> = {
  initialState: () => ({ address: null }),
  evolve: (state, event) => (event.type === 'MapPlaceGeocoded' ? { address: event.data.address } : state),
  decide: (command, state) =>
    state.address === command.address ? [] : [{ type: 'MapPlaceGeocoded', data: { place_id: command.place_id, address: command.address, coordinates: command.coordinates } }],
};
