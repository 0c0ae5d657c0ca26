import { memberProfileAbilities, profileImageBlobKeys, type MemberEvent, type MemberImageEvent, type MemberViewer, type StoredProfileImage } from '@cn/contracts';
import { DomainError, type Decider } from '@cn/domain';

/** What setting a member's image needs to know: whether the member exists, the image now, every image they had (erasure removes them all). */
export interface MemberImageState {
  status: 'unknown' | 'registered' | 'erased';
  image: string | null;
  blob_keys: string[];
}

export interface SetMemberProfileImage {
  type: 'SetMemberProfileImage';
  member_id: string;
  actor: MemberViewer;
  /** null removes the image */
  image: StoredProfileImage | null;
}

export const initialMemberImageState = (): MemberImageState => ({ status: 'unknown', image: null, blob_keys: [] });

export const evolveMemberImage = (state: MemberImageState, event: MemberEvent | MemberImageEvent | { type: string; data: unknown }): MemberImageState => {
  switch (event.type) {
    case 'MemberRegistered':
      return { ...state, status: 'registered' };
    case 'MemberErased':
      return { ...state, status: 'erased', image: null };
    case 'MemberProfileImageChanged': {
      const data = event.data as StoredProfileImage;
      const added = profileImageBlobKeys(data).filter((key) => !state.blob_keys.includes(key));
      return { ...state, image: data.blob_key, blob_keys: [...state.blob_keys, ...added] };
    }
    case 'MemberProfileImageRemoved':
      return { ...state, image: null };
    case 'MemberProfileImageResized': {
      // the sizes made afterwards for an older image: erasure removes them too
      const added = profileImageBlobKeys(event.data as Pick<StoredProfileImage, 'sizes'>).filter((key) => !state.blob_keys.includes(key));
      return { ...state, blob_keys: [...state.blob_keys, ...added] };
    }
    default:
      return state;
  }
};

/** The same rule as the profile's: the member themself or a network administrator (memberProfileAbilities.update_profile). */
export const decideMemberProfileImage = (command: SetMemberProfileImage, state: MemberImageState): MemberImageEvent[] => {
  if (state.status !== 'registered') throw new DomainError('not_found', 'not_found');
  if (!memberProfileAbilities(command.actor, { id: command.member_id, deleted: false }).update_profile) throw new DomainError('forbidden', 'forbidden');
  if (command.image === null) return state.image === null ? [] : [{ type: 'MemberProfileImageRemoved', data: { member_id: command.member_id } }];
  return [{ type: 'MemberProfileImageChanged', data: { member_id: command.member_id, ...command.image } }];
};

export const memberProfileImageDecider: Decider<MemberImageState, SetMemberProfileImage, MemberImageEvent> = {
  initialState: initialMemberImageState,
  evolve: evolveMemberImage,
  decide: decideMemberProfileImage,
};
