import type { NetworkLocationEvent } from '@cn/contracts';
import type { Decider } from '@cn/domain';

/** The network's placed address as its stream has it: the last address text answered (null: none yet). */
export interface NetworkLocationState {
  address: string | null;
}

/** the geocoding reactor's answer for the network's address: a place, or null for none found */
export interface RecordNetworkLocation {
  type: 'RecordNetworkLocation';
  network_id: string;
  address: string;
  coordinates: { lat: number; lng: number } | null;
}

/** An answer is recorded once per address text: the same address again (a replay, a restart, a settings save that kept it) appends nothing. */
export const networkLocationDecider: Decider<NetworkLocationState, RecordNetworkLocation, NetworkLocationEvent> = {
  initialState: () => ({ address: null }),
  evolve: (state, event) => (event.type === 'NetworkLocationGeocoded' ? { address: event.data.address } : state),
  decide: (command, state) =>
    state.address === command.address ? [] : [{ type: 'NetworkLocationGeocoded', data: { network_id: command.network_id, address: command.address, coordinates: command.coordinates } }],
};
