import { eventOf, fileEvents, profileImageBlobKeys, type StoredProfileImage } from '@cn/contracts';
import type { ProjectedDocument, Projection } from '@cn/domain';

/**
 * Which stored bytes some event names (by blob key): what the sweep must never remove. A blob stays
 * referenced for good (versions and removed files keep their history), except an upload that expired
 * unpublished: FileUploadExpired lets go of its bytes and sizes, which the sweep then collects unless another
 * file holds the same bytes; and an archive export's zip once the export expired or was deleted.
 */
export interface BlobReference extends ProjectedDocument {
  file_ids: string[];
}

/** a profile image's holder in `file_ids` (docs/MEMBERS.md "Profile images"): erasing a member removes bytes only their images name */
export const imageHolderOf = (event: { type: string; data: unknown }): string | null => {
  const data = event.data as { member_id?: string; group_id?: string };
  if (event.type === 'MemberProfileImageChanged' || event.type === 'MemberProfileImageResized') return `member-image:${data.member_id ?? ''}`;
  if (event.type === 'GroupProfileImageChanged' || event.type === 'GroupProfileImageResized') return `group-image:${data.group_id ?? ''}`;
  if (event.type === 'ChannelImageUploaded') return `channel-image:${(event.data as { channel_id?: string }).channel_id ?? ''}`;
  // an editor image is the content's it is embedded in: its uploader's erasure leaves it (docs/FILES.md "Editor images")
  if (event.type === 'EditorImageUploaded') return `editor-image:${(event.data as { asset_id?: string }).asset_id ?? ''}`;
  return null;
};

export const blobReferencesProjection: Projection<BlobReference> = {
  name: 'command_lookup_file_blobs',
  // version 6: file images' sizes, expired uploads, sealed uploads' plain copies, a channel's uploaded pictures, and archive exports' zips
  // version 7: an archive export that expired or was deleted lets go of its zip
  // version 8: the rich-text editor's images (EditorImageUploaded)
  version: 8,
  // the sizes an older image was given afterwards (…Resized) are its holder's too
  // a sealed upload's bytes published plain are named by FilePublished (its `blob_key`, absent otherwise)
  eventTypes: [
    'FileUploaded',
    'FileVersionAdded',
    'FilePublished',
    'FileImageResized',
    'FileUploadExpired',
    'MemberProfileImageChanged',
    'GroupProfileImageChanged',
    'MemberProfileImageResized',
    'GroupProfileImageResized',
    'ChannelImageUploaded',
    'EditorImageUploaded',
    'FileArchiveFinished',
    'FileArchiveExpired',
    'FileArchiveDeleted',
  ],
  // an image event names its sizes' bytes too (`profileImageBlobKeys`)
  documentIds: (event) => {
    if (imageHolderOf(event) !== null) return profileImageBlobKeys(event.data as StoredProfileImage);
    if (event.type === 'FileUploadExpired') return (event.data as { blob_keys: string[] }).blob_keys;
    // a file image's sizes are the file's
    if (event.type === 'FileImageResized') return Object.values((event.data as { sizes: Record<string, { blob_key: string }> }).sizes).map((size) => size.blob_key);
    const key = (event.data as { blob_key?: string }).blob_key;
    return key ? [key] : [];
  },
  evolve: (doc, recorded, id) => {
    if (recorded.type === 'FileArchiveExpired' || recorded.type === 'FileArchiveDeleted') {
      // the export no longer holds its zip; whatever else names the same bytes still does
      const holder = `archive:${(recorded.data as { archive_id: string }).archive_id}`;
      const left = (doc?.file_ids ?? []).filter((fileId) => fileId !== holder);
      return left.length > 0 ? { _id: id, file_ids: left } : null;
    }
    // an archive export's zip (docs/FILES.md "Archive exports") is held by the export
    const holder = recorded.type === 'FileArchiveFinished' ? `archive:${(recorded.data as { archive_id: string }).archive_id}` : imageHolderOf(recorded);
    if (holder !== null) {
      const holders = doc?.file_ids ?? [];
      return holders.includes(holder) ? (doc ?? { _id: id, file_ids: holders }) : { _id: id, file_ids: [...holders, holder] };
    }
    const event = eventOf(fileEvents, recorded);
    if (event?.type === 'FileUploadExpired') {
      // an expired upload no longer holds its bytes nor its sizes; another file with the same bytes still does
      const left = (doc?.file_ids ?? []).filter((fileId) => fileId !== event.data.file_id);
      return left.length > 0 ? { _id: id, file_ids: left } : null;
    }
    if (event?.type !== 'FileUploaded' && event?.type !== 'FileVersionAdded' && event?.type !== 'FilePublished' && event?.type !== 'FileImageResized') return doc;
    const fileIds = doc?.file_ids ?? [];
    return fileIds.includes(event.data.file_id) ? (doc ?? { _id: id, file_ids: fileIds }) : { _id: id, file_ids: [...fileIds, event.data.file_id] };
  },
};
