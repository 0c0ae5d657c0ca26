import type { Decider } from '@cn/domain';
import { evolveMemberProfile, initialMemberProfileState, type MemberProfileState, type MemberStreamEvent } from '../profile-state';
import { decideUpdateProfile, type UpdateMemberProfile } from '../updating-profile/update-profile.decider';

/** The new member gives the profile data the network asked for; the profile rules are the edit's own. */
export interface CompleteOnboarding extends Omit<UpdateMemberProfile, 'type'> {
  type: 'CompleteOnboarding';
}

export const decideCompleteOnboarding = (command: CompleteOnboarding, state: MemberProfileState): MemberStreamEvent[] => {
  const profile = decideUpdateProfile({ ...command, type: 'UpdateMemberProfile' }, state);
  // completed once; afterwards the page is a plain profile edit
  if (state.onboarding !== 'pending') return profile;
  return [...profile, { type: 'MemberOnboardingCompleted', data: { member_id: command.member_id } }];
};

export const completeOnboardingDecider: Decider<MemberProfileState, CompleteOnboarding, MemberStreamEvent> = {
  initialState: initialMemberProfileState,
  evolve: evolveMemberProfile,
  decide: decideCompleteOnboarding,
};
