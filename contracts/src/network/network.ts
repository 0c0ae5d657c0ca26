import { z } from 'zod';
import { NETWORK_LANGUAGES, SHOW_ONLINE_STATUS } from '../common/constants';
import { memberDtoSchema, type MemberDto } from '../members/members';
import type { NetworkSettings } from '../settings/network-settings';
import { CHANGE_REQUEST_FIELDS, type ChangeRequestField } from '../members/profile-constants';
import type { MapConfig } from '../map/map-constants';

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
    /** change requests: whether members may ask for a change of these profile fields (the spec's network preload) */
    memberships?: { change_requests: { enabled: boolean; profile_fields: ChangeRequestField[] } };
    /** global position the network read model has reached */
    position: number;
    /** the map tab (config.maps of the spec's preload): on when show_map is on and MAP_TILE_URL is set */
    maps?: MapConfig;
    /** from the server's configuration, not the network settings (realtime network pushes leave them out) */
    features: NetworkFeatures;
    /** the largest total of attachments one mail may carry (EMAIL_ATTACHMENT_LIMIT_MB) */
    email_attachment_size_limit_mb: number;
  };
  current_member: MemberDto | null;
  can: CurrentMemberCan;
  /** to be sent back in the X-CSRF-Token header of every mutating call; null when signed out */
  csrf_token: string | null;
  /** the zone the console tells times in: the member's own (membership settings), else the network's `basic.time_zone` */
  time_zone?: string;
}

export const networkResponseSchema = z.object({
  network: z.object({
    id: z.string(),
    name: z.string(),
    language: z.enum(NETWORK_LANGUAGES),
    abuse_reports_enabled: z.boolean(),
    show_online_status: z.enum(SHOW_ONLINE_STATUS),
    directory_default_sort: z.enum(['first_name', 'last_name']),
    show_map: z.boolean(),
    opt_retroactively: z.boolean(),
    login_texts: z.object({ before: z.string(), between: z.string(), after: z.string() }),
    memberships: z.object({ change_requests: z.object({ enabled: z.boolean(), profile_fields: z.array(z.enum(CHANGE_REQUEST_FIELDS)) }) }).optional(),
    position: z.number().int(),
    maps: z
      .object({ enabled: z.boolean(), tile_url: z.string().nullable(), zoom_level: z.number(), center: z.object({ lat: z.number(), lng: z.number() }).nullable(), scope: z.enum(['all', 'poi']) })
      .optional(),
    features: z.object({ translations: z.boolean() }),
    email_attachment_size_limit_mb: z.number(),
  }),
  current_member: memberDtoSchema.nullable(),
  can: z.object({
    administrate: z.boolean(),
    audit: z.boolean(),
    chat: z.boolean(),
    set_status: z.boolean(),
    set_invisible: z.boolean(),
    send_direct_messages: z.boolean(),
    create_channels: z.boolean(),
    create_appointments: z.boolean(),
    create_calendars: z.boolean(),
    create_meetings: z.boolean(),
  }),
  csrf_token: z.string().nullable(),
  time_zone: z.string().optional(),
}) satisfies z.ZodType<NetworkResponse>;
