import { type DocumentStore } from '@cn/platform';
import { collectionName } from '@cn/domain';
import { membersProjection, type MemberDocument } from './members.projection';

export const membersCollection = (store: DocumentStore) =>
  store.collection<MemberDocument>(collectionName(membersProjection));

/** the signed-in member's document, or null when signed out, unknown or erased */
export const loadActiveMember = async (store: DocumentStore, memberId: string | null): Promise<MemberDocument | null> => {
  if (memberId === null) return null;
  const doc = await membersCollection(store).get(memberId);
  return doc && !doc.deleted ? doc : null;
};
