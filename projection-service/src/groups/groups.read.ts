import { type DocumentStore } from '@cn/platform';
import { collectionName } from '@cn/domain';
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

/** Who sees a group: everybody an open or closed one, a hidden one only its members and network admins. */
export const canSeeGroup = (group: GroupDocument, viewer: { member_id: string; network_admin: boolean }): boolean =>
  group.access !== 'hidden' || viewer.network_admin || group.member_ids.includes(viewer.member_id);

const folded = (text: string): string => text.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase();

/** a picker's match: every word of the query occurs in one of the texts (accents and case ignored) */
export const matchesQuery = (q: string, ...texts: string[]): boolean => {
  const words = folded(q).split(/\s+/).filter(Boolean);
  const haystack = texts.map(folded).join(' ');
  return words.every((word) => haystack.includes(word));
};

const byName = (a: { name: string; _id: string }, b: { name: string; _id: string }): number =>
  a.name.localeCompare(b.name) || a._id.localeCompare(b._id);

/** the groups the viewer may see whose name or slug matches, by name */
export const visibleGroupsMatching = async (
  store: DocumentStore,
  viewer: { member_id: string; network_admin: boolean },
  q: string,
  limit: number,
): Promise<GroupDocument[]> =>
  (await groupsCollection(store).find())
    .filter((group) => canSeeGroup(group, viewer) && matchesQuery(q, group.name, group.slug))
    .sort(byName)
    .slice(0, limit);

/** the roles the viewer may see (network-wide ones, and those of groups they may see) whose names or group match, by name */
export const visibleRolesMatching = async (
  store: DocumentStore,
  viewer: { member_id: string; network_admin: boolean },
  q: string,
  limit: number,
): Promise<Array<{ role: MembershipRoleDocument; group: GroupDocument | null }>> => {
  const groups = new Map((await groupsCollection(store).find()).map((group) => [group._id, group]));
  return (await membershipRolesCollection(store).find())
    .flatMap((role) => {
      const group = role.group_id === null ? null : groups.get(role.group_id);
      // a role of a group that does not (yet) exist on the read side is left out
      if (group === undefined || (group && !canSeeGroup(group, viewer))) return [];
      return matchesQuery(q, role.name, role.plural_name, group?.name ?? '') ? [{ role, group }] : [];
    })
    .sort((a, b) => byName(a.role, b.role))
    .slice(0, limit);
};
