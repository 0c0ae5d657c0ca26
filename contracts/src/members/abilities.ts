import type { CurrentMemberCan } from '../network/network';
import type { NetworkSettings } from '../settings/network-settings';
import type { MemberRoles } from './members';

const NOTHING: CurrentMemberCan = {
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

/**
 * What a member may do across the network: the one rule behind the `can` flags the consoles receive and
 * the routes' role guards (`auth: 'admin'` needs `administrate`, `auth: 'auditor'` needs `audit`).
 * `null` is a signed-out visitor or an erased member.
 */
export const memberAbilities = (roles: MemberRoles | null, settings: NetworkSettings): CurrentMemberCan => {
  if (roles === null) return NOTHING;
  const { network_admin: admin, auditor, external } = roles;
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
    // network calendars; personal calendars every member may create (canCreateCalendar)
    create_calendars: admin,
    create_meetings: !external,
  };
};

/** Who may call a route: anyone, a signed-in active member, or a member with the ability the role names. */
export type RouteAuth = 'none' | 'member' | 'admin' | 'auditor';

/** The ability a role-guarded route requires. */
export const ROUTE_ABILITY: Readonly<Record<Exclude<RouteAuth, 'none' | 'member'>, keyof CurrentMemberCan>> = {
  admin: 'administrate',
  auditor: 'audit',
};

/** Whether a member with these roles passes a route's guard (the settings do not matter for roles). */
export const mayCall = (auth: RouteAuth, roles: MemberRoles | null, settings: NetworkSettings): boolean => {
  if (auth === 'none') return true;
  if (roles === null) return false;
  return auth === 'member' || memberAbilities(roles, settings)[ROUTE_ABILITY[auth]];
};
