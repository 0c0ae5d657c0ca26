import { memberStream } from '@cn/contracts';
import { collectionName, type EventStore } from '@cn/domain';
import type { DocumentStore, FileStorage } from '@cn/platform';
import { blobReferencesProjection, type BlobReference } from '../../files/blob-references.projection';
import { evolveMemberImage, initialMemberImageState } from '../setting-profile-image/profile-image.decider';

/**
 * Erasure removes the bytes of every profile image the member ever set, unless a file or another
 * member's or group's image names the same bytes (blobs are content-addressed and shared). Answers the
 * keys removed. The read models drop the image URL on MemberErased.
 */
export const eraseProfileImages = async (
  infra: { eventStore: EventStore; documentStore: DocumentStore; fileStorage: FileStorage },
  memberId: string,
): Promise<string[]> => {
  const events = await infra.eventStore.readStream(memberStream(memberId));
  const { blob_keys: keys } = events.reduce((state, event) => evolveMemberImage(state, { type: event.type, data: event.data }), initialMemberImageState());
  const references = infra.documentStore.collection<BlobReference>(collectionName(blobReferencesProjection));
  const own = `member-image:${memberId}`;
  const removed: string[] = [];
  for (const key of keys) {
    const holders = (await references.get(key))?.file_ids ?? [];
    if (holders.some((holder) => holder !== own)) continue;
    await infra.fileStorage.delete(key);
    removed.push(key);
  }
  return removed;
};
