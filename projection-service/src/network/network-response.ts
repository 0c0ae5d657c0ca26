import { DEFAULT_NETWORK_ID, DEFAULT_TIME_ZONE, type MapConfig, type NetworkResponse, type NetworkSettings, tileUrlFor, networkMapCenterOf } from '@cn/contracts';
import type { Infrastructure } from '@cn/platform';
import { toMemberDto } from '../members/member-dto';
import type { MemberDocument } from '../members/members.projection';
import { canOf } from './can';
import type { NetworkState } from './network.read';
import type { GeocodedNetworkLocation } from './network.projection';

/** What the server's configuration adds to the network answer. */
export type ServerConfiguration = Pick<NetworkResponse['network'], 'features' | 'email_attachment_size_limit_mb'> & {
  /** MAP_TILE_URL (never answered as is: `config.maps` carries it with the theme filled in) */
  map_tile_url?: string;
};

export const serverConfigurationOf = (infra: Pick<Infrastructure, 'config' | 'translator'>): ServerConfiguration => ({
  features: { translations: infra.translator !== null },
  email_attachment_size_limit_mb: infra.config.emailAttachmentLimitMb,
  ...(infra.config.mapTileUrl ? { map_tile_url: infra.config.mapTileUrl } : {}),
});

/** `config.maps`: the map is on only when the settings show it and the server has a tile URL */
export const mapConfigOf = (member: NetworkSettings['member'], tileTemplate: string | undefined, geocoded?: GeocodedNetworkLocation | null): MapConfig => {
  const enabled = member.show_map && tileTemplate !== undefined;
  return {
    enabled,
    tile_url: enabled && tileTemplate !== undefined ? tileUrlFor(tileTemplate, member.map_theme) : null,
    zoom_level: member.zoom_level,
    // the settings' own lat/lng, else where the geocoding reactor placed the network's street address
    center: networkMapCenterOf(member.network_location, geocoded),
    scope: member.map_scope_selection,
  };
};

/** The network settings part, also pushed over the realtime channel when the settings change. */
export const networkConfigOf = ({ settings, position }: NetworkState): Omit<NetworkResponse['network'], 'features' | 'email_attachment_size_limit_mb'> => ({
  id: DEFAULT_NETWORK_ID,
  name: settings.basic.name,
  language: settings.basic.language,
  abuse_reports_enabled: settings.basic.abuse_reports_enabled,
  show_online_status: settings.member.show_online_status,
  directory_default_sort: settings.member.directory_default_sort,
  show_map: settings.member.show_map,
  opt_retroactively: settings.member.opt_retroactively,
  login_texts: {
    before: settings.join.login_text_before,
    between: settings.join.login_text_between,
    after: settings.join.login_text_after,
  },
  memberships: { change_requests: settings.member.change_requests ?? { enabled: false, profile_fields: [] } },
  position,
});

export const networkResponseOf = (
  network: NetworkState,
  member: MemberDocument | null,
  csrfToken: string | null,
  server: ServerConfiguration,
  /** the signed-in member's own zone (membership settings), if they chose one */
  memberTimeZone: string | null = null,
): NetworkResponse => ({
  network: {
    ...networkConfigOf(network),
    features: server.features,
    email_attachment_size_limit_mb: server.email_attachment_size_limit_mb,
    maps: mapConfigOf(network.settings.member, server.map_tile_url, network.geocoded_location),
  },
  current_member: member
    ? toMemberDto(member, { viewerId: member._id, showOnlineStatus: network.settings.member.show_online_status, connected: true })
    : null,
  can: canOf(member, network.settings),
  csrf_token: csrfToken,
  time_zone: memberTimeZone ?? network.settings.basic.time_zone ?? DEFAULT_TIME_ZONE,
});
