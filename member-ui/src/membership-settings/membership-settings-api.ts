import type { ChangeMembershipSettingsRequest, CommandAccepted, MembershipSettingsResponse } from '@cn/contracts';
import type { ApiClient } from '../api/client';

const path = (memberId: string): string => `/members/${encodeURIComponent(memberId)}/settings`;

/** GET and PUT /members/{id}/settings: the member's own mail settings */
export const membershipSettingsApi = (api: ApiClient) => ({
  get: (memberId: string) => api.request<MembershipSettingsResponse>('GET', path(memberId)),
  change: (memberId: string, request: ChangeMembershipSettingsRequest) => api.request<CommandAccepted>('PUT', path(memberId), { body: request }),
});
