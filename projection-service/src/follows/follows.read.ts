import { collectionName } from '@cn/domain';
import type { DocumentStore } from '@cn/platform';
import { membersCollection } from '../members/members.read';
import { memberFollowsProjection, type MemberFollowsDocument } from './member-follows.projection';

export const memberFollowsCollection = (store: DocumentStore) => store.collection<MemberFollowsDocument>(collectionName(memberFollowsProjection));

/** whom the member follows, last followed first, without erased members */
export const followedMemberIds = async (store: DocumentStore, memberId: string): Promise<string[]> => {
  const ids = (await memberFollowsCollection(store).get(memberId))?.following_ids ?? [];
  if (ids.length === 0) return [];
  const active = new Set((await membersCollection(store).getMany(ids)).filter((doc) => !doc.deleted).map((doc) => doc._id));
  return [...ids].reverse().filter((id) => active.has(id));
};

/** who follows the member (not erased): the followers a new post of theirs is news for */
export const followerIds = async (store: DocumentStore, memberId: string): Promise<string[]> => {
  const docs = await memberFollowsCollection(store).find({ following_ids: { $contains: memberId } });
  if (docs.length === 0) return [];
  const active = new Set((await membersCollection(store).getMany(docs.map((doc) => doc._id))).filter((doc) => !doc.deleted).map((doc) => doc._id));
  return docs.map((doc) => doc._id).filter((id) => active.has(id));
};
