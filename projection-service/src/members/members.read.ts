import { HttpProblem, requireMember, type DocumentStore, type RequestContext } from '@cn/platform';
import { collectionName } from '@cn/domain';
import { ignoredMembersProjection, type IgnoredMembersDocument } from './ignored-members.projection';
import { memberLocksProjection, type MemberLockDocument } from './member-locks.projection';
import { membersProjection, type MemberDocument } from './members.projection';

export const membersCollection = (store: DocumentStore) =>
  store.collection<MemberDocument>(collectionName(membersProjection));

/** the signed-in member's document, or null when signed out, unknown or erased */
export const loadActiveMember = async (store: DocumentStore, memberId: string | null): Promise<MemberDocument | null> => {
  if (memberId === null) return null;
  const doc = await membersCollection(store).get(memberId);
  return doc && !doc.deleted ? doc : null;
};

/** the member a credential without a session names (a download or WOPI token): registered, not erased, not locked */
export const loadUnlockedMember = async (store: DocumentStore, memberId: string): Promise<MemberDocument | null> => {
  const [member, lock] = await Promise.all([loadActiveMember(store, memberId), store.collection<MemberLockDocument>(collectionName(memberLocksProjection)).get(memberId)]);
  return lock ? null : member;
};

/** the member a request is signed in as, or 401 (no session, or the member was erased since) */
export const signedInMember = async (store: DocumentStore, ctx: RequestContext): Promise<MemberDocument> => {
  const member = await loadActiveMember(store, requireMember(ctx));
  if (!member) throw new HttpProblem(401, 'unauthenticated');
  return member;
};

export const ignoredMembersCollection = (store: DocumentStore) =>
  store.collection<IgnoredMembersDocument>(collectionName(ignoredMembersProjection));

/** the members a member ignores (for chat, activities and the member's own list) */
export const ignoredMemberIds = async (store: DocumentStore, memberId: string): Promise<string[]> =>
  (await ignoredMembersCollection(store).get(memberId))?.ignored_ids ?? [];
