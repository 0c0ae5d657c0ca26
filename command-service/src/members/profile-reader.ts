import { memberStream } from '@cn/contracts';
import type { EventStore } from '@cn/domain';
import type { PersonalDataCipher } from '@cn/platform';
import { evolveMemberProfile, initialMemberProfileState, type MemberProfileState, type MemberStreamEvent } from './profile-state';
import type { PlainProfile } from './updating-profile/update-profile.decider';

/** A member's stream folded into the profile state (personal fields still encrypted). */
export const readMemberProfile = async (eventStore: EventStore, memberId: string): Promise<MemberProfileState> => {
  const events = await eventStore.readStream(memberStream(memberId));
  return events.reduce((state, event) => evolveMemberProfile(state, { type: event.type, data: event.data } as MemberStreamEvent), initialMemberProfileState());
};

/** The profile in clear text, as its form shows it. */
export const revealProfile = async (cipher: PersonalDataCipher, state: MemberProfileState): Promise<PlainProfile> => {
  const revealed = await cipher.reveal({ first_name: state.first_name, last_name: state.last_name, birthday: state.birthday });
  const text = (value: unknown): string => (typeof value === 'string' ? value : '');
  return {
    first_name: text(revealed.first_name),
    last_name: text(revealed.last_name),
    birthday: typeof revealed.birthday === 'string' && revealed.birthday !== '' ? revealed.birthday : null,
    show_age: state.show_age,
  };
};
