import type { CurrentMemberCan, NetworkSettings } from '@cn/contracts';
import type { MemberDocument } from '../members/members.projection';

/** Abilities of the current member, decided here and never trusted from a console. */
export const canOf = (member: MemberDocument | null, settings: NetworkSettings): CurrentMemberCan => {
  if (member === null || member.deleted) {
    return {
      administrate: false,
      audit: false,
      chat: false,
      set_status: false,
      set_invisible: false,
      send_direct_messages: false,
      create_channels: false,
      create_appointments: false,
      create_calendars: false,
      create_meetings: false,
    };
  }
  const { network_admin: admin, auditor, external } = member.roles;
  const chat = !external || settings.member.guest_users_allow_chat;
  const onlineStatus = settings.member.show_online_status;
  return {
    administrate: admin,
    audit: auditor || admin,
    chat,
    set_status: onlineStatus !== 'disabled',
    set_invisible: onlineStatus === 'optional',
    send_direct_messages: chat,
    create_channels: admin,
    create_appointments: !external,
    // network calendars; personal calendars every member may create (canCreateCalendar in contracts)
    create_calendars: admin,
    create_meetings: !external,
  };
};
