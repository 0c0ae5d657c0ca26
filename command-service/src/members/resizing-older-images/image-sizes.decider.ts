import type { GroupImageEvent, MemberImageEvent, StoredProfileImage } from '@cn/contracts';
import type { Decider } from '@cn/domain';

type Sizes = NonNullable<StoredProfileImage['sizes']>;

/** A member's or group's image as its stream has it: the current upload, and whether it has its sizes. */
export interface ImageSizesState {
  image: string | null;
  sized: boolean;
}

/** the resizing reactor's sizes for an image set before sizes existed */
export interface RecordImageSizes {
  type: 'RecordImageSizes';
  holder: { kind: 'member' | 'group'; id: string };
  blob_key: string;
  sizes: Sizes;
}

type ImageEvent = MemberImageEvent | GroupImageEvent;

export const evolveImageSizes = (state: ImageSizesState, event: ImageEvent | { type: string; data: unknown }): ImageSizesState => {
  switch (event.type) {
    case 'MemberProfileImageChanged':
    case 'GroupProfileImageChanged': {
      const data = event.data as StoredProfileImage;
      return { image: data.blob_key, sized: data.sizes !== undefined };
    }
    case 'MemberProfileImageRemoved':
    case 'GroupProfileImageRemoved':
      return { image: null, sized: false };
    case 'MemberProfileImageResized':
    case 'GroupProfileImageResized':
      return (event.data as { blob_key: string }).blob_key === state.image ? { ...state, sized: true } : state;
    case 'MemberErased':
      return { image: null, sized: false };
    default:
      return state;
  }
};

/**
 * Records the sizes once, and only for the current image: an image replaced or removed meanwhile, one that
 * has its sizes, or the same answer again after a restart appends nothing.
 */
export const imageSizesDecider: Decider<ImageSizesState, RecordImageSizes, ImageEvent> = {
  initialState: () => ({ image: null, sized: false }),
  evolve: evolveImageSizes,
  decide: (command, state) => {
    if (state.image !== command.blob_key || state.sized) return [];
    return command.holder.kind === 'member'
      ? [{ type: 'MemberProfileImageResized', data: { member_id: command.holder.id, blob_key: command.blob_key, sizes: command.sizes } }]
      : [{ type: 'GroupProfileImageResized', data: { group_id: command.holder.id, blob_key: command.blob_key, sizes: command.sizes } }];
  },
};
