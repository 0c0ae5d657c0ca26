import { memberProfileAbilities, type MemberLocationEvent, type MemberViewer } from '@cn/contracts';
import { DomainError, type Decider } from '@cn/domain';

type DataOf<T extends MemberLocationEvent['type']> = Extract<MemberLocationEvent, { type: T }>['data'];
/** the address as the event holds it (encrypted with the subject's key) */
type StoredAddress = DataOf<'MemberAddressChanged'>['address'];
type StoredCoordinates = DataOf<'MemberLocationGeocoded'>['coordinates'];

/** A member's address on the map, on `memberLocationStream(id)`. */
export interface MemberLocationState {
  /** how many times the address changed (the revision the next change gets is one more) */
  revision: number;
  has_address: boolean;
  /** the revision whose geocoding answer (a place or none) was recorded; 0: none yet */
  recorded_revision: number;
}

export const initialMemberLocationState = (): MemberLocationState => ({ revision: 0, has_address: false, recorded_revision: 0 });

export interface SetMemberAddress {
  type: 'SetMemberAddress';
  actor: MemberViewer;
  subject: { id: string; deleted: boolean };
  /** the address encrypted with the subject's key, null to remove it */
  address: StoredAddress;
  /** whether the text differs from the current address (the handler compares the clear texts) */
  changed: boolean;
}

/** the geocoding reactor's answer for the address of `revision`: a place, or null for none found */
export interface RecordMemberLocation {
  type: 'RecordMemberLocation';
  member_id: string;
  revision: number;
  coordinates: StoredCoordinates | null;
}

export type MemberLocationCommand = SetMemberAddress | RecordMemberLocation;

export const evolveMemberLocation = (state: MemberLocationState, event: MemberLocationEvent): MemberLocationState => {
  switch (event.type) {
    case 'MemberAddressChanged':
      return { ...state, revision: event.data.revision, has_address: event.data.address !== null };
    case 'MemberLocationGeocoded':
    case 'MemberLocationCleared':
      return { ...state, recorded_revision: Math.max(state.recorded_revision, event.data.revision) };
    default:
      return state;
  }
};

/**
 * Who may set an address is who may edit the profile (`memberProfileAbilities(...).update_profile`: the
 * member, network administrators). Removing the address clears the location at once; a geocoding answer
 * counts only for the current address and only once, so the reactor may send it twice after a restart.
 */
export const decideMemberLocation = (command: MemberLocationCommand, state: MemberLocationState): MemberLocationEvent[] => {
  switch (command.type) {
    case 'SetMemberAddress': {
      if (!memberProfileAbilities(command.actor, command.subject).update_profile) throw new DomainError('forbidden', 'forbidden');
      if (!command.changed) return [];
      const revision = state.revision + 1;
      const changed: MemberLocationEvent = { type: 'MemberAddressChanged', data: { member_id: command.subject.id, address: command.address, revision } };
      if (command.address !== null) return [changed];
      return [changed, { type: 'MemberLocationCleared', data: { member_id: command.subject.id, revision, reason: 'no_address' } }];
    }
    case 'RecordMemberLocation': {
      if (command.revision !== state.revision || !state.has_address || state.recorded_revision >= command.revision) return [];
      return command.coordinates === null
        ? [{ type: 'MemberLocationCleared', data: { member_id: command.member_id, revision: command.revision, reason: 'not_found' } }]
        : [{ type: 'MemberLocationGeocoded', data: { member_id: command.member_id, revision: command.revision, coordinates: command.coordinates } }];
    }
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
};

export const memberLocationDecider: Decider<MemberLocationState, MemberLocationCommand, MemberLocationEvent> = {
  initialState: initialMemberLocationState,
  evolve: evolveMemberLocation,
  decide: decideMemberLocation,
};
