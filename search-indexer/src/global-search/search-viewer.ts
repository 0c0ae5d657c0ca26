import { canSeeCalendar, canSeeGroupAs, membershipStatusOf, type GroupViewer } from '@cn/contracts';
import { ADMIN_TOKEN, invitedToken, memberToken } from '../activities/activities-index';
import type { CalendarSearchDocument } from '../appointments/appointments-index';
import { NETWORK_FILES_SCOPE } from '../files/files-index';
import type { GroupSearchDocument } from '../groups/groups-index';

export interface SearchViewer {
  id: string;
  roles: { network_admin: boolean; external: boolean };
}

/** the viewer as a member of a group, from the search side's groups index (the facts the read side decides with) */
export const groupViewerOf = (group: GroupSearchDocument, viewer: SearchViewer): GroupViewer => ({
  member_id: viewer.id,
  network_admin: viewer.roles.network_admin,
  external: viewer.roles.external,
  status: membershipStatusOf({
    member: group.member_ids.includes(viewer.id),
    invited: group.open_invites.some((entry) => entry.endsWith(`:${viewer.id}`)),
    request: null,
  }),
  group_admin: false,
});

/**
 * What a viewer may find, decided with the read side's own rules (contracts): streamAbilities for
 * activities (as the tokens their documents carry, `activityAudience`), canSeeScope for files (a group's files only its members, network admins included),
 * canSeeCalendar plus author and participants for appointments, canSeeGroupAs for groups, holders for
 * messages. Each is answered as the values of a filter the index searches with.
 */
export interface ViewerReach {
  /**
   * the viewer's activity tokens: 'admin' for network admins; else their role ('internal' or 'external'),
   * `g:<group>` for each group they are a member of and `i:<group>` for each they are invited to. A few
   * values whatever the number of groups the viewer may read (not every readable stream: issue 16)
   */
  activityTokens: string[];
  /** 'network' and the groups the viewer is a member of */
  fileScopes: string[];
  /** `c:<calendar>` for calendars the viewer sees and `m:<viewer>`; null: every appointment (network admins) */
  appointmentAudience: string[] | null;
  /** groups the viewer may see (hidden ones only as a member, invited, or network admin) */
  visibleGroups: GroupSearchDocument[];
}

export const reachOf = (viewer: SearchViewer, groups: readonly GroupSearchDocument[], calendars: readonly CalendarSearchDocument[]): ViewerReach => {
  const activityViewer = { member_id: viewer.id, network_admin: viewer.roles.network_admin, external: viewer.roles.external };
  const memberOf = groups.filter((group) => group.member_ids.includes(viewer.id)).map((group) => group.id);
  const calendarViewer = { ...activityViewer, group_ids: memberOf, admin_group_ids: [] };
  return {
    activityTokens: viewer.roles.network_admin
      ? [ADMIN_TOKEN]
      : [
          viewer.roles.external ? 'external' : 'internal',
          ...memberOf.map(memberToken),
          ...groups.filter((group) => !group.member_ids.includes(viewer.id) && group.open_invites.some((entry) => entry.endsWith(`:${viewer.id}`))).map((group) => invitedToken(group.id)),
        ],
    fileScopes: [NETWORK_FILES_SCOPE, ...memberOf],
    appointmentAudience: viewer.roles.network_admin
      ? null
      : [`m:${viewer.id}`, ...calendars.filter((calendar) => canSeeCalendar(calendar, calendarViewer)).map((calendar) => `c:${calendar.id}`)],
    visibleGroups: groups.filter((group) => canSeeGroupAs(group, groupViewerOf(group, viewer))),
  };
};
