import { collectionName, type DocumentStore } from '@cn/platform';
import { groupsProjection, membershipRolesProjection, type GroupDocument, type MembershipRoleDocument } from './groups.projection';

export const groupsCollection = (store: DocumentStore) => store.collection<GroupDocument>(collectionName(groupsProjection));
export const membershipRolesCollection = (store: DocumentStore) =>
  store.collection<MembershipRoleDocument>(collectionName(membershipRolesProjection));

export const findGroupBySlug = async (store: DocumentStore, slug: string): Promise<GroupDocument | null> =>
  (await groupsCollection(store).find({ slug }, { limit: 1 }))[0] ?? null;

/** the groups a member belongs to */
export const groupsOfMember = (store: DocumentStore, memberId: string): Promise<GroupDocument[]> =>
  groupsCollection(store).find({ member_ids: { $contains: memberId } });

/** the roles each of these members holds, by member id */
export const rolesOfMembers = async (store: DocumentStore, memberIds: readonly string[]): Promise<Map<string, MembershipRoleDocument[]>> => {
  const roles = await membershipRolesCollection(store).find();
  const wanted = new Set(memberIds);
  const byMember = new Map<string, MembershipRoleDocument[]>();
  for (const role of roles) {
    for (const memberId of role.member_ids) {
      if (!wanted.has(memberId)) continue;
      byMember.set(memberId, [...(byMember.get(memberId) ?? []), role]);
    }
  }
  return byMember;
};
