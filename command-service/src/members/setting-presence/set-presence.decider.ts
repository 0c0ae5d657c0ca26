import {
  normalizeStatusText,
  STATUS_TEXT_MAX,
  type EncryptedEnvelope,
  type MemberEvent,
  type NetworkSettings,
  type PresenceType,
} from '@cn/contracts';
import { DomainError, type Decider } from '@cn/domain';
import { evolveMember, initialMemberState, type MemberState } from '../member-state';

export interface SetPresence {
  type: 'SetPresence';
  member_id: string;
  presence: PresenceType;
  /** the status text as the member typed it (rules are checked on it) */
  text: string;
  /** the same normalized text, encrypted with the member's key: what the event carries */
  encrypted_text: EncryptedEnvelope;
  show_online_status: NetworkSettings['member']['show_online_status'];
}

/** All a presence decision needs of the member stream: whether the member exists (no credential to snapshot). */
export type PresenceState = Pick<MemberState, 'status'>;

export const decideSetPresence = (command: SetPresence, state: PresenceState): MemberEvent[] => {
  if (state.status === 'unknown') throw new DomainError('not_found', 'not_found');
  if (state.status === 'erased') throw new DomainError('member_erased', 'refused');
  if (command.show_online_status === 'disabled') throw new DomainError('status_hidden', 'refused');
  if (command.presence === 'invisible' && command.show_online_status !== 'optional') {
    throw new DomainError('invisible_not_allowed', 'refused', 'type');
  }
  if (normalizeStatusText(command.text).length > STATUS_TEXT_MAX) throw new DomainError('too_long', 'invalid', 'text');
  return [{ type: 'MemberPresenceChanged', data: { member_id: command.member_id, type: command.presence, text: command.encrypted_text } }];
};

export const setPresenceDecider: Decider<PresenceState, SetPresence, MemberEvent> = {
  initialState: () => ({ status: initialMemberState().status }),
  // the member's lifecycle as evolveMember folds it, without the credentials it also keeps
  evolve: (state, event) => ({ status: evolveMember({ ...initialMemberState(), status: state.status }, event).status }),
  decide: decideSetPresence,
  // a member's stream grows with every presence change, for years
  snapshot: { name: 'presence', version: 1 },
};
