import { editorImageEvents, eventOf } from '@cn/contracts';
import type { ProjectedDocument, Projection } from '@cn/domain';
import { profileImageRefOf, type ProfileImageRef } from '../members/profile-image.response';

/** An image uploaded from the rich-text editor: whose it is, its name and stored sizes (blob keys never leave the service). */
export type EditorImageDocument = ProjectedDocument & { member_id: string; name: string; uploaded_at: string; image: ProfileImageRef };

/** the editor images ("assets"), by asset id (never changed: every URL of one is cached for good) */
export const editorImagesProjection: Projection<EditorImageDocument> = {
  name: 'editor_images',
  version: 1,
  eventTypes: ['EditorImageUploaded'],
  documentIds: (event) => [(event.data as { asset_id: string }).asset_id],
  evolve: (doc, recorded, id) => {
    const event = eventOf(editorImageEvents, recorded);
    if (event?.type !== 'EditorImageUploaded') return doc;
    const { asset_id: _assetId, member_id, name, ...image } = event.data;
    return { _id: id, member_id, name, uploaded_at: recorded.metadata.occurredAt, image: profileImageRefOf(image, recorded.position) };
  },
  indexes: [['member_id', 'uploaded_at']],
};
