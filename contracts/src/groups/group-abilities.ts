import type { FieldError } from '../common/errors';
import type { GroupAccess } from './groups';
import type { GroupDetails } from './group-events';

/**
 * Who may do what with a group (messages-files-admin-members-groups.md §4, §5, §6). The command service
 * refuses with these rules and the query service answers them as `can` flags: both call the same
 * functions, on facts each side folds from its own model.
 */
export const GROUP_MEMBERSHIP_STATUSES = ['member', 'in_moderation', 'rejected', 'invited', 'no_member'] as const;
export type GroupMembershipStatus = (typeof GROUP_MEMBERSHIP_STATUSES)[number];

export interface GroupFacts {
  access: GroupAccess;
  archived: boolean;
  moderated_join: boolean;
  members_can_invite: boolean;
  externally_visible: boolean;
  active_main_group: boolean;
  member_count: number;
  admin_count: number;
}

export interface GroupViewer {
  member_id: string;
  network_admin: boolean;
  external: boolean;
  /** the viewer's membership as shown to them */
  status: GroupMembershipStatus;
  /** administrates this group (implies status 'member') */
  group_admin: boolean;
}

/**
 * A viewer of a group's own pages and administration: also whether they administrate the group's category.
 * A category's administrators administrate every group in it as its group admins do (settings, members and
 * admins, invites and requests, designs, navigation, widget bars, statistics, property sets), and see it; never the
 * network's settings, hidden access, sensitive or main group (those stay the network admins'). What the
 * group's stream, files and search show follows membership as before (`canSeeGroupAs`, `streamAbilities`,
 * `canSeeScope`); within the group they manage its files as its admins do (`FileViewer`, file-abilities.ts), as
 * network admins who are its members do (`managesScope`).
 */
export interface GroupAdministrationViewer extends GroupViewer {
  category_admin: boolean;
}

export interface GroupCan {
  /** the group exists for the viewer (lists, pages, realtime); its category's administrators see it too */
  see: boolean;
  /** join at once (open, unmoderated) */
  join: boolean;
  /** ask to join; a group admin answers */
  join_moderated: boolean;
  leave: boolean;
  /** the basic, join and misc tabs */
  update: boolean;
  destroy: boolean;
  /** archive, and unarchive an archived group */
  archive: boolean;
  invite: boolean;
  /** answer join requests, revoke and renew the group's invites */
  moderate: boolean;
  create_hidden: boolean;
  subscribe: boolean;
  favorite: boolean;
  create_appointments: boolean;
  create_calendars: boolean;
  /** the group's widget bars (its administrators, its category's and network administrators) */
  edit_widgetbars: boolean;
  /** the group's designs (its administrators, its category's and network administrators) */
  edit_designs: boolean;
  /** the group's navigation editor (its administrators, its category's and network administrators) */
  edit_navigation: boolean;
  /** the group's statistics (its administrators, its category's and network administrators) */
  view_statistics: boolean;
  /** the group's own property sets, e.g. its file and folder profiles (its administrators, its category's and network administrators) */
  edit_property_sets: boolean;
}

const isMember = (viewer: GroupViewer): boolean => viewer.status === 'member';

/** A hidden group exists only for its members, those invited to it and network admins; an external member sees only externally visible groups they are not in. */
export const canSeeGroupAs = (group: Pick<GroupFacts, 'access' | 'externally_visible'>, viewer: GroupViewer): boolean => {
  if (viewer.network_admin || isMember(viewer) || viewer.status === 'invited') return true;
  if (group.access === 'hidden') return false;
  return !viewer.external || group.externally_visible;
};

export const groupAbilities = (group: GroupFacts, viewer: GroupAdministrationViewer): GroupCan => {
  const see = canSeeGroupAs(group, viewer) || viewer.category_admin;
  const member = isMember(viewer);
  // the group's own administration: the network's admins, its category's admins and its admins
  const manages = viewer.network_admin || viewer.category_admin || (member && viewer.group_admin);
  const open = !group.archived;
  const outside = viewer.status === 'no_member';
  const joinable = see && open && outside && group.access !== 'hidden';
  const moderated = group.access === 'closed' || group.moderated_join;
  return {
    see,
    join: joinable && !moderated,
    join_moderated: joinable && moderated,
    // the active main group is the network's own: everybody stays in it; the last admin hands over first
    leave: member && !group.active_main_group && !(viewer.group_admin && group.admin_count === 1 && group.member_count > 1),
    update: manages && open,
    destroy: manages,
    archive: manages,
    invite: open && (manages || (member && group.members_can_invite && !viewer.external)),
    moderate: manages && open,
    create_hidden: viewer.network_admin,
    subscribe: member,
    favorite: member,
    // the calendars module's own rules (calendar-abilities.ts), which know nothing of archiving
    create_appointments: (member && !viewer.external) || viewer.network_admin,
    // the calendars module's rule (canCreateCalendar): the group's admins and network admins
    create_calendars: viewer.network_admin || (member && viewer.group_admin),
    edit_widgetbars: manages,
    edit_designs: manages,
    edit_navigation: manages,
    view_statistics: manages,
    edit_property_sets: manages,
  };
};

/** What the viewer may do about one member of the group: hand admin rights over or take them back. */
export interface GroupMemberCan {
  make_admin: boolean;
  /** never the last admin's: a group keeps one admin */
  remove_admin: boolean;
}

/** The one rule for the members page's buttons and the SetGroupAdmin refusals: those who moderate the group manage its admins. */
export const groupMemberAbilities = (group: GroupFacts, viewer: GroupAdministrationViewer, target: { admin: boolean }): GroupMemberCan => {
  const { moderate } = groupAbilities(group, viewer);
  return { make_admin: moderate && !target.admin, remove_admin: moderate && target.admin && group.admin_count > 1 };
};

/** Who may create groups in a category: network admins, and other internal members where the category allows it. */
export const canCreateGroupIn = (category: { members_can_create: boolean }, viewer: { network_admin: boolean; external: boolean }): boolean =>
  viewer.network_admin || (!viewer.external && category.members_can_create);

/** The membership a member's state shows: member, else an open invite, else their join request. */
export const membershipStatusOf = (facts: {
  member: boolean;
  invited: boolean;
  request: 'pending' | 'rejected' | null;
}): GroupMembershipStatus => {
  if (facts.member) return 'member';
  if (facts.invited) return 'invited';
  if (facts.request === 'pending') return 'in_moderation';
  if (facts.request === 'rejected') return 'rejected';
  return 'no_member';
};

/** Error keys of the group form's access rules, for the consoles' i18n. */
export const GROUP_ERROR_KEYS = [
  'open_not_allowed_for_sensitive',
  'closed_not_allowed_for_main_group',
  'hidden_not_allowed',
  'access_locked',
  'moderated_join_not_allowed_for_hidden',
  'admin_only',
  'slug_taken',
  'unknown_group_category',
  'group_archived',
  'group_not_archived',
  'join_not_allowed',
  'not_a_member',
  'last_admin',
  'no_join_request',
  'not_revokable',
  'not_renewable',
  'already_member',
  'invite_not_open',
] as const;

/**
 * The access rules of the group form (§5), on the settings as they would be after the change:
 * open not for sensitive groups, closed not for the active main group, hidden only with
 * can.create_hidden, access locked for the main group, no moderated join for hidden groups;
 * sensitive and main group are for network admins. Fields are named as in the request body.
 */
export const groupAccessErrors = (next: GroupDetails, previous: GroupDetails | null, viewer: { network_admin: boolean }): FieldError[] => {
  const errors: FieldError[] = [];
  const accessLocked = previous !== null && previous.active_main_group && next.access !== previous.access;
  if (accessLocked) errors.push({ field: 'group.access', key: 'access_locked' });
  else if (next.access === 'open' && next.sensitive) errors.push({ field: 'group.access', key: 'open_not_allowed_for_sensitive' });
  else if (next.access === 'closed' && next.active_main_group) errors.push({ field: 'group.access', key: 'closed_not_allowed_for_main_group' });
  else if (next.access === 'hidden' && !viewer.network_admin && previous?.access !== 'hidden') errors.push({ field: 'group.access', key: 'hidden_not_allowed' });
  if (next.access === 'hidden' && next.moderated_join) errors.push({ field: 'group.moderated_join', key: 'moderated_join_not_allowed_for_hidden' });
  if (!viewer.network_admin) {
    for (const field of ['sensitive', 'active_main_group'] as const) {
      if (next[field] !== (previous?.[field] ?? false)) errors.push({ field: `group.${field}`, key: 'admin_only' });
    }
  }
  return errors;
};

/** The access choices the form offers (the same rules, asked per option). */
export const allowedGroupAccess = (details: GroupDetails, previous: GroupDetails | null, viewer: { network_admin: boolean }): Record<GroupAccess, boolean> => ({
  open: groupAccessErrors({ ...details, access: 'open', moderated_join: false }, previous, viewer).every((error) => error.field !== 'group.access'),
  closed: groupAccessErrors({ ...details, access: 'closed', moderated_join: false }, previous, viewer).every((error) => error.field !== 'group.access'),
  hidden: groupAccessErrors({ ...details, access: 'hidden', moderated_join: false }, previous, viewer).every((error) => error.field !== 'group.access'),
});

/** A URL-safe slug of a name: accents dropped, anything else a dash. */
export const slugOfName = (name: string): string =>
  name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'group';

/** Batch invites (§4): revoke only if every selected invite is open; renew unless any is accepted, obsolete or joined. */
export const GROUP_INVITE_STATUSES = ['open', 'accepted', 'declined', 'obsolete', 'joined'] as const;
export type GroupInviteStatus = (typeof GROUP_INVITE_STATUSES)[number];
export const mayRevokeInvites = (statuses: readonly GroupInviteStatus[]): boolean => statuses.length > 0 && statuses.every((status) => status === 'open');
export const mayRenewInvites = (statuses: readonly GroupInviteStatus[]): boolean =>
  statuses.length > 0 && statuses.every((status) => status !== 'accepted' && status !== 'obsolete' && status !== 'joined');
