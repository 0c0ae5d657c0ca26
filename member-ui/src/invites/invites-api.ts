import type { CommandAccepted, InvitesResponse } from '@cn/contracts';
import type { ApiClient } from '../api/client';

export const INVITES_PAGE_SIZE = 50;

/** Appointment invites (GET /api/v1/invites, POST …/accept|reject). */
export const invitesApi = (api: ApiClient) => ({
  list: (status: string) =>
    api.request<InvitesResponse>('GET', '/api/v1/invites', { query: { filter: 'appointments', status, limit: INVITES_PAGE_SIZE } }),
  /** the next page's URL as the server answered it */
  next: (url: string) => api.request<InvitesResponse>('GET', url),
  accept: (id: string) => api.request<CommandAccepted>('POST', `/api/v1/invites/${encodeURIComponent(id)}/accept`),
  reject: (id: string) => api.request<CommandAccepted>('POST', `/api/v1/invites/${encodeURIComponent(id)}/reject`),
});
