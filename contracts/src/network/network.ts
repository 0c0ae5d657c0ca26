import type { MemberDto } from '../members/members';
import type { NetworkSettings } from '../settings/network-settings';

/** Abilities of the current member, computed by the server (never trusted from the client). */
export interface CurrentMemberCan {
  administrate: boolean;
  audit: boolean;
  chat: boolean;
  set_status: boolean;
  set_invisible: boolean;
  send_direct_messages: boolean;
  create_channels: boolean;
  create_appointments: boolean;
  create_calendars: boolean;
  /** start the meetings of appointments one organizes */
  create_meetings: boolean;
}

/** `GET /api/v1/network` */
export interface NetworkResponse {
  network: {
    id: string;
    name: string;
    language: NetworkSettings['basic']['language'];
    abuse_reports_enabled: boolean;
    show_online_status: NetworkSettings['member']['show_online_status'];
    directory_default_sort: NetworkSettings['member']['directory_default_sort'];
    show_map: boolean;
    /** calendar invites: an expired open invite may still be answered */
    opt_retroactively: boolean;
    login_texts: { before: string; between: string; after: string };
    /** global position the network read model has reached */
    position: number;
  };
  current_member: MemberDto | null;
  can: CurrentMemberCan;
  /** to be sent back in the X-CSRF-Token header of every mutating call; null when signed out */
  csrf_token: string | null;
}
