import type { CommandAccepted, MapMembersResponse, MapPlacesResponse, MemberAddressResponse } from '@cn/contracts';
import type { ApiClient } from '../api/client';

/** The map's markers (the network's, or a group's), its points of interest and a member's own address. */
export const mapApi = (api: ApiClient) => ({
  markers: (group: string | null) => api.request<MapMembersResponse>('GET', '/api/v1/map/members', group ? { query: { group } } : {}),
  places: () => api.request<MapPlacesResponse>('GET', '/api/v1/map/places'),
  address: (memberId: string) => api.request<MemberAddressResponse>('GET', `/api/v1/members/${encodeURIComponent(memberId)}/address`),
  setAddress: (memberId: string, address: string | null) =>
    api.request<CommandAccepted>('PUT', `/api/v1/members/${encodeURIComponent(memberId)}/address`, { body: { address } }),
});
