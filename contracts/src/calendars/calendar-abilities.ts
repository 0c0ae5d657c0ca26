/**
 * Who may do what with calendars and appointments (§6). The command service enforces these rules; the
 * query service answers them as `can` flags. Inputs are plain facts about the viewer, so both sides
 * can compute them from their own models.
 */
import type { CalendarCan } from './calendars';

export interface Viewer {
  member_id: string;
  network_admin: boolean;
  external: boolean;
  /** groups the viewer belongs to, and those among them they administrate */
  group_ids: readonly string[];
  admin_group_ids: readonly string[];
}

export interface CalendarFacts {
  type: 'personal' | 'network' | 'group';
  author_id: string | null;
  /** group id of a group calendar */
  parent_id: string | null;
  shared_with: readonly string[];
}

const NONE: CalendarCan = { update: false, destroy: false, create_appointments: false };
const ALL: CalendarCan = { update: true, destroy: true, create_appointments: true };

/**
 * personal: its owner does everything (members it is shared with only see it and may remove the share);
 * network: network admins everything, other non-external members create appointments;
 * group: network and group admins everything, group members create appointments.
 */
export const calendarAbilities = (calendar: CalendarFacts, viewer: Viewer): CalendarCan => {
  if (viewer.network_admin) return ALL;
  switch (calendar.type) {
    case 'personal':
      return calendar.author_id === viewer.member_id ? ALL : NONE;
    case 'network':
      return { ...NONE, create_appointments: !viewer.external };
    case 'group': {
      if (calendar.parent_id !== null && viewer.admin_group_ids.includes(calendar.parent_id)) return ALL;
      return { ...NONE, create_appointments: calendar.parent_id !== null && viewer.group_ids.includes(calendar.parent_id) };
    }
  }
};

/** A calendar the viewer may see (and therefore pick or subscribe to). */
export const canSeeCalendar = (calendar: CalendarFacts, viewer: Viewer): boolean => {
  if (viewer.network_admin) return true;
  switch (calendar.type) {
    case 'personal':
      return calendar.author_id === viewer.member_id || calendar.shared_with.includes(viewer.member_id);
    case 'network':
      return true;
    case 'group':
      return calendar.parent_id !== null && viewer.group_ids.includes(calendar.parent_id);
  }
};

/** Who may create calendars of a type: personal any member, network admins, group admins of the group. */
export const canCreateCalendar = (type: CalendarFacts['type'], parentId: string | null, viewer: Viewer): boolean => {
  if (type === 'personal') return true;
  if (viewer.network_admin) return true;
  return type === 'group' && parentId !== null && viewer.admin_group_ids.includes(parentId);
};

export interface AppointmentFacts {
  author_id: string | null;
  calendars: readonly CalendarFacts[];
  /** the viewer's participant status, null when not a participant */
  my_status: 'accepted' | 'declined' | 'rejected' | 'invited' | null;
  user_can_opt: boolean;
  show_participants_to_admins_only: boolean;
  canceled: boolean;
  /** a join link, a room or an online meeting (hasMeeting); without one there is no meeting to start */
  has_meeting?: boolean;
}

export interface AppointmentCan {
  update: boolean;
  contact: boolean;
  update_participants: boolean;
  download_attendees: boolean;
  destroy: boolean;
  start_meeting: boolean;
  show_attendees: boolean;
  opt: boolean;
  lock: boolean;
  cancel: boolean;
}

/**
 * The author, network admins and whoever may update one of the appointment's calendars manage it;
 * participants answer their own invite; anyone who sees it may opt in when user_can_opt. Those who manage
 * it start its meeting, when it has one and they may create meetings in the network (not external).
 */
export const appointmentAbilities = (appointment: AppointmentFacts, viewer: Viewer): AppointmentCan => {
  const manages =
    viewer.network_admin ||
    (appointment.author_id !== null && appointment.author_id === viewer.member_id) ||
    appointment.calendars.some((calendar) => calendarAbilities(calendar, viewer).update);
  return {
    update: manages,
    contact: manages,
    update_participants: manages,
    download_attendees: manages,
    destroy: manages,
    // network can.create_meetings: every member but external ones
    start_meeting: manages && appointment.has_meeting === true && !viewer.external,
    show_attendees: manages || !appointment.show_participants_to_admins_only,
    opt: !appointment.canceled && (appointment.my_status !== null || appointment.user_can_opt),
    lock: manages,
    cancel: manages && !appointment.canceled,
  };
};
