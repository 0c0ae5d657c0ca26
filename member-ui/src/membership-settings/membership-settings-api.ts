import type { ChangeMembershipSettingsRequest, CommandAccepted, MembershipSettingsResponse } from '@cn/contracts';
import type { ApiClient } from '../api/client';
import { baseName } from '../realtime/changes';
import type { LiveRoute } from '../realtime/LiveQueries';

const path = (memberId: string): string => `/members/${encodeURIComponent(memberId)}/settings`;

export const membershipSettingsKeys = ['membership-settings'] as const;

/** GET and PUT /members/{id}/settings: the member's own mail settings; POST …/email/reactivate takes the address off the bounce list */
export const membershipSettingsApi = (api: ApiClient) => ({
  get: (memberId: string) => api.request<MembershipSettingsResponse>('GET', path(memberId)),
  change: (memberId: string, request: ChangeMembershipSettingsRequest) => api.request<CommandAccepted>('PUT', path(memberId), { body: request }),
  reactivate: (memberId: string) => api.request<CommandAccepted>('POST', `/members/${encodeURIComponent(memberId)}/email/reactivate`),
});

/** the member's settings changed (a bounce, a reactivation, another tab): the open settings page reads them again */
export const membershipSettingsLive: LiveRoute = (message, client) => {
  if (baseName(message.collection) !== 'membership_settings') return;
  void client.invalidateQueries({ queryKey: membershipSettingsKeys });
};
