import type { EditorImageEvent, StoredProfileImage } from '@cn/contracts';
import { type Decider, DomainError } from '@cn/domain';

/** a member's editor images (`editorimages-{memberId}`): the ids uploaded so far */
export interface EditorImagesState {
  asset_ids: string[];
}

export interface UploadEditorImage {
  type: 'UploadEditorImage';
  asset_id: string;
  member_id: string;
  name: string;
  image: StoredProfileImage;
}

/** One rule: an asset id is recorded once (a retried command with the same id appends nothing new). */
export const editorImageDecider: Decider<EditorImagesState, UploadEditorImage, EditorImageEvent> = {
  initialState: () => ({ asset_ids: [] }),
  evolve: (state, event) => (event.type === 'EditorImageUploaded' ? { asset_ids: [...state.asset_ids, event.data.asset_id] } : state),
  decide: (command, state) => {
    if (state.asset_ids.includes(command.asset_id)) throw new DomainError('concurrency_conflict', 'conflict');
    return [{ type: 'EditorImageUploaded', data: { asset_id: command.asset_id, member_id: command.member_id, name: command.name, ...command.image } }];
  },
};
