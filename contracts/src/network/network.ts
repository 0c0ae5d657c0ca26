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

/** Optional features, on where the server is configured for them. */
export interface NetworkFeatures {
  /** a translation service is configured (TRANSLATION_URL) */
  translations: boolean;
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
    /** from the server's configuration, not the network settings (realtime network pushes leave them out) */
    features: NetworkFeatures;
    /** the largest total of attachments one mail may carry (EMAIL_ATTACHMENT_LIMIT_MB) */
    email_attachment_size_limit_mb: number;
  };
  current_member: MemberDto | null;
  can: CurrentMemberCan;
  /** to be sent back in the X-CSRF-Token header of every mutating call; null when signed out */
  csrf_token: string | null;
}
