import {
  calendarStream,
  groupStream,
  membershipRoleStream,
  type CalendarEvent,
  type CalendarFacts,
  type MembershipRoleEvent,
  type Viewer,
} from '@cn/contracts';
import { loadState, type EventStore } from '@cn/domain';
import { calendarFactsOf, evolveCalendar, initialCalendarState, type CalendarState } from '../calendars/calendar.decider';
import { groupDecider } from '../groups/group.decider';
import { evolveMembershipRole, initialMembershipRoleState, type GroupState, type MembershipRoleState } from '../groups/group-state';
import type { LookupMember } from './lookup.projections';

/**
 * What calendar and appointment commands need to authorize, folded from the streams themselves: a
 * calendar's owner and shares, a group's members and admins, a role's members. Reading the streams
 * (not a projection) means a calendar created a moment ago is known to the very next command.
 */
export class CalendarAccess {
  constructor(private readonly eventStore: EventStore) {}

  private async fold<State, Event>(streamId: string, evolve: (state: State, event: Event) => State, initial: State): Promise<State> {
    const events = await this.eventStore.readStream(streamId);
    return events.reduce((state, event) => evolve(state, { type: event.type, data: event.data } as Event), initial);
  }

  calendar(calendarId: string): Promise<CalendarState> {
    return this.fold<CalendarState, CalendarEvent>(calendarStream(calendarId), evolveCalendar, initialCalendarState());
  }

  /** through the group decider's state cache: a big group's stream is not folded again per command */
  async group(groupId: string): Promise<GroupState> {
    return (await loadState(this.eventStore, groupStream(groupId), groupDecider)).state;
  }

  membershipRole(roleId: string): Promise<MembershipRoleState> {
    return this.fold<MembershipRoleState, MembershipRoleEvent>(membershipRoleStream(roleId), evolveMembershipRole, initialMembershipRoleState());
  }

  /** Facts of the given calendars; null for unknown or deleted ones. */
  async calendars(calendarIds: readonly string[]): Promise<Record<string, CalendarFacts | null>> {
    const ids = [...new Set(calendarIds)];
    const states = await Promise.all(ids.map((id) => this.calendar(id)));
    return Object.fromEntries(ids.map((id, i) => [id, states[i].status === 'active' ? calendarFactsOf(states[i]) : null]));
  }

  /** The member as a viewer, with their memberships of the groups that matter to the command. */
  async viewer(member: LookupMember, groupIds: readonly string[]): Promise<Viewer> {
    const ids = [...new Set(groupIds)];
    const groups = await Promise.all(ids.map((id) => this.group(id)));
    const memberOf = ids.filter((_id, i) => Object.hasOwn(groups[i].members, member._id));
    return {
      member_id: member._id,
      network_admin: member.roles.network_admin,
      external: member.roles.external,
      group_ids: memberOf,
      admin_group_ids: memberOf.filter((id) => groups[ids.indexOf(id)].members[member._id] === true),
    };
  }
}

/** Group ids of the group calendars among the given facts. */
export const parentGroupsOf = (calendars: Record<string, CalendarFacts | null>): string[] =>
  Object.values(calendars).flatMap((calendar) => (calendar?.type === 'group' && calendar.parent_id ? [calendar.parent_id] : []));
