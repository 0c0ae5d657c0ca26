import {
  allowedGroupAccess,
  groupAbilities,
  groupCategoryAbilities,
  type GroupCategoryCan,
  membershipStatusOf,
  type GroupCan,
  type GroupCategoryRef,
  type GroupDetailDto,
  type GroupDetails,
  type GroupFacts,
  type GroupInviteDto,
  type GroupListEntryDto,
  type GroupAdministrationViewer,
  type ProfileImageUrls,
  groupImageUrl,
  groupImageUrls,
} from '@cn/contracts';
import { collectionName } from '@cn/domain';
import { type DocumentStore, HttpProblem } from '@cn/platform';
import { displayNameOf } from '../members/member-dto';
import { membersCollection } from '../members/members.read';
import type { MemberDocument } from '../members/members.projection';
import { groupCategoriesProjection, type GroupCategoryDocument, type GroupDocument, type GroupInviteEntry } from './groups.projection';

export const groupCategoriesCollection = (store: DocumentStore) => store.collection<GroupCategoryDocument>(collectionName(groupCategoriesProjection));

/** the categories in tab order */
export const orderedCategories = async (store: DocumentStore): Promise<GroupCategoryDocument[]> =>
  (await groupCategoriesCollection(store).find()).sort((a, b) => a.order - b.order || a.created_position - b.created_position);

/** what a member may do with a category's administration (the command side refuses by the same rule) */
export const categoryAbilitiesFor = (category: GroupCategoryDocument, member: Pick<MemberDocument, '_id' | 'roles'>): GroupCategoryCan =>
  groupCategoryAbilities(category, { member_id: member._id, network_admin: member.roles.network_admin, auditor: member.roles.auditor });

/**
 * The category an administration route names (by slug, or by id where the spec's route says id): 404 when
 * there is none, 403 when the member may not read its administration.
 */
export const administeredCategory = async (
  store: DocumentStore,
  ref: { slug: string } | { id: string },
  member: Pick<MemberDocument, '_id' | 'roles'>,
): Promise<{ category: GroupCategoryDocument; can: GroupCategoryCan }> => {
  const category = 'slug' in ref ? await groupCategoriesCollection(store).get(ref.slug) : ((await groupCategoriesCollection(store).find({ category_id: ref.id }, { limit: 1 }))[0] ?? null);
  if (!category) throw new HttpProblem(404, 'not_found');
  const can = categoryAbilitiesFor(category, member);
  if (!can.view_administration) throw new HttpProblem(403, 'forbidden');
  return { category, can };
};

export const categoryRef = (category: GroupCategoryDocument): GroupCategoryRef => ({
  id: category.category_id,
  slug: category._id,
  name: category.name,
  plural_name: category.plural_name,
  color: category.color,
});

export const groupFactsOf = (group: GroupDocument): GroupFacts => ({
  access: group.access,
  archived: group.archived,
  moderated_join: group.moderated_join,
  members_can_invite: group.members_can_invite,
  externally_visible: group.externally_visible,
  active_main_group: group.active_main_group,
  member_count: group.member_ids.length,
  admin_count: group.admin_ids.length,
});

export const groupDetailsOf = (group: GroupDocument): GroupDetails => ({
  name: group.name,
  teaser: group.teaser,
  description: group.description,
  group_category_id: group.group_category_id,
  access: group.access,
  moderated_join: group.moderated_join,
  members_can_invite: group.members_can_invite,
  externally_visible: group.externally_visible,
  sensitive: group.sensitive,
  active_main_group: group.active_main_group,
  chat: group.chat,
});

export const openInviteOf = (group: GroupDocument, memberId: string): GroupInviteEntry | null =>
  group.invites.find((invite) => invite.member_id === memberId && invite.status === 'open') ?? null;

/** who a group's abilities are asked for: their roles and the categories they administrate (the members read model has both) */
export type GroupViewingMember = Pick<MemberDocument, '_id' | 'roles' | 'administered_category_ids'>;

/** The member as a viewer of this group, from the group's read model (the same facts the command side folds). */
export const groupViewerOf = (group: GroupDocument, member: GroupViewingMember): GroupAdministrationViewer => ({
  member_id: member._id,
  category_admin: group.group_category_id !== null && (member.administered_category_ids ?? []).includes(group.group_category_id),
  network_admin: member.roles.network_admin,
  external: member.roles.external,
  status: membershipStatusOf({
    member: group.member_ids.includes(member._id),
    invited: openInviteOf(group, member._id) !== null,
    request: group.requests[member._id]?.status ?? null,
  }),
  group_admin: group.admin_ids.includes(member._id),
});

export const abilitiesOf = (group: GroupDocument, member: GroupViewingMember): GroupCan => groupAbilities(groupFactsOf(group), groupViewerOf(group, member));

/**
 * A group's administration route: 404 for a hidden group the member may not know of, 403 unless the group's
 * `can[ability]` (the flag the console receives) allows it.
 */
export const administeredGroup = (group: GroupDocument | null, member: GroupViewingMember, ability: keyof GroupCan): GroupDocument => {
  const can = group ? abilitiesOf(group, member) : null;
  // only a hidden group is unknown to outsiders; others (an external member's view of an internal group) are refused, as the command side does
  if (!group || !can || (group.access === 'hidden' && !can.see)) throw new HttpProblem(404, 'not_found');
  if (!can[ability]) throw new HttpProblem(403, 'forbidden');
  return group;
};

/** whether the member may know of the group at all (hidden groups: members, invited members and network admins) */
export const memberSeesGroup = (group: GroupDocument, member: GroupViewingMember): boolean => abilitiesOf(group, member).see;

export const memberNames = async (store: DocumentStore, ids: readonly string[]): Promise<Map<string, string>> => {
  const unique = [...new Set(ids)];
  const docs = await Promise.all(unique.map((id) => membersCollection(store).get(id)));
  return new Map(unique.map((id, i) => [id, displayNameOf(docs[i] ?? { first_name: '', last_name: '', deleted: true })]));
};

/** the group's image URL (the 435x435 thumbnail), versioned so that a long cache refreshes on a change */
export const groupImageOf = (group: Pick<GroupDocument, '_id' | 'image'>): string | null => (group.image ? groupImageUrl(group._id, group.image.version, 'large') : null);
/** the group's image at both sizes (invites, like the search's group hits) */
export const groupImagesOf = (group: Pick<GroupDocument, '_id' | 'image'>): ProfileImageUrls | null => (group.image ? groupImageUrls(group._id, group.image.version) : null);

export const toListEntry = (group: GroupDocument, member: MemberDocument): GroupListEntryDto => {
  const can = abilitiesOf(group, member);
  return {
    id: group._id,
    slug: group.slug,
    name: group.name,
    profile_image: groupImageOf(group),
    group_category_id: group.group_category_id,
    archived: group.archived,
    access: group.access,
    externally_visible: group.externally_visible,
    member_count: group.member_ids.length,
    activity_count: 0,
    teaser: group.teaser,
    membership_status_of_current_member: groupViewerOf(group, member).status,
    favorited: group.favorite_ids.includes(member._id),
    can: { join: can.join, join_moderated: can.join_moderated, leave: can.leave },
  };
};

export const toGroupDetail = async (store: DocumentStore, group: GroupDocument, member: MemberDocument): Promise<GroupDetailDto> => {
  const viewer = groupViewerOf(group, member);
  const can = groupAbilities(groupFactsOf(group), viewer);
  const categories = await orderedCategories(store);
  const category = categories.find((candidate) => candidate.category_id === group.group_category_id);
  const invite = openInviteOf(group, member._id);
  const authorName = invite ? ((await memberNames(store, [invite.author_id])).get(invite.author_id) ?? '') : '';
  const subscribed = group.subscriber_ids.includes(member._id);
  const details = groupDetailsOf(group);
  return {
    id: group._id,
    slug: group.slug,
    name: group.name,
    group_category_id: group.group_category_id,
    category: category ? categoryRef(category) : null,
    profile_image: groupImageOf(group),
    archived: group.archived,
    access: group.access,
    moderated_join: group.moderated_join,
    members_can_invite: group.members_can_invite,
    externally_visible: group.externally_visible,
    sensitive: group.sensitive,
    active_main_group: group.active_main_group,
    member_count: group.member_ids.length,
    activity_count: 0,
    teaser: group.teaser,
    description: group.description,
    chat: group.chat,
    membership_status_of_current_member: viewer.status,
    is_group_admin: viewer.group_admin,
    i_haz_subscription: subscribed,
    subscriber_count: group.subscriber_ids.length,
    subscription_status: subscribed ? 'subscribed' : 'unsubscribed',
    favorited: group.favorite_ids.includes(member._id),
    invite: invite ? { id: invite.invite_id, author_name: authorName, created_at: invite.created_at, additional_message: invite.additional_message } : null,
    rejection_message: viewer.status === 'rejected' ? (group.requests[member._id]?.rejection_message ?? '') : null,
    allowed_access: allowedGroupAccess(details, details, member.roles),
    can,
  };
};

export const toInviteDto = (group: GroupDocument, invite: GroupInviteEntry, names: ReadonlyMap<string, string>): GroupInviteDto => ({
  id: invite.invite_id,
  type: 'group_invite',
  status: invite.status,
  invitable: {
    id: group._id,
    name: group.name,
    slug: group.slug,
    access: group.access,
    member_count: group.member_ids.length,
    activity_count: 0,
    teaser: group.teaser,
    images: groupImagesOf(group),
  },
  author: { id: invite.author_id, name: names.get(invite.author_id) ?? '' },
  invitee: { id: invite.member_id, name: names.get(invite.member_id) ?? '' },
  additional_message: invite.additional_message,
  created_at: invite.created_at,
});
