import type { CommandAccepted, MapMembersResponse, MemberAddressResponse } from '@cn/contracts';
import type { ApiClient } from '../api/client';

/** The map's markers (the network's, or a group's) and a member's own address. */
export const mapApi = (api: ApiClient) => ({
  markers: (group: string | null) => api.request<MapMembersResponse>('GET', '/api/v1/map/members', group ? { query: { group } } : {}),
  address: (memberId: string) => api.request<MemberAddressResponse>('GET', `/api/v1/members/${encodeURIComponent(memberId)}/address`),
  setAddress: (memberId: string, address: string | null) =>
    api.request<CommandAccepted>('PUT', `/api/v1/members/${encodeURIComponent(memberId)}/address`, { body: { address } }),
});
