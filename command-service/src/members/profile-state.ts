import type { EncryptedEnvelope, MemberEvent, MemberProfileEvent } from '@cn/contracts';
import { evolveMember, initialMemberState, type MemberState } from './member-state';

/** Every event of a member's stream. */
export type MemberStreamEvent = MemberEvent | MemberProfileEvent;

/** A personal value as the stream holds it: an envelope once written, a plain value in a decider's own tests. */
export type PersonalValue = string | EncryptedEnvelope;

/** What the profile and ignore deciders know of a member's stream: lifecycle, profile, ignored members. */
export interface MemberProfileState {
  status: MemberState['status'];
  first_name: PersonalValue;
  last_name: PersonalValue;
  birthday: PersonalValue | null;
  show_age: boolean;
  /** members this member ignores */
  ignored: string[];
  /** asked for profile data at registration (pending) until they complete it */
  onboarding: 'none' | 'pending' | 'completed';
}

export const initialMemberProfileState = (): MemberProfileState => ({
  status: 'unknown',
  first_name: '',
  last_name: '',
  birthday: null,
  show_age: false,
  ignored: [],
  onboarding: 'none',
});

export const evolveMemberProfile = (state: MemberProfileState, event: MemberStreamEvent): MemberProfileState => {
  switch (event.type) {
    case 'MemberRegistered':
      return { ...state, status: 'registered', first_name: event.data.first_name, last_name: event.data.last_name };
    case 'MemberProfileChanged':
      return { ...state, first_name: event.data.first_name, last_name: event.data.last_name, birthday: event.data.birthday, show_age: event.data.show_age };
    case 'MemberIgnored':
      return state.ignored.includes(event.data.ignored_member_id) ? state : { ...state, ignored: [...state.ignored, event.data.ignored_member_id] };
    case 'MemberUnignored':
      return { ...state, ignored: state.ignored.filter((id) => id !== event.data.ignored_member_id) };
    case 'MemberOnboardingRequested':
      return { ...state, onboarding: 'pending' };
    case 'MemberOnboardingCompleted':
      return { ...state, onboarding: 'completed' };
    case 'MemberErased':
      return { ...initialMemberProfileState(), status: evolveMember(initialMemberState(), event).status };
    default:
      return state;
  }
};
