import { PARTICIPATIONS_PAGE_SIZE, type CommandAccepted, type InvitesResponse, type ParticipationsResponse } from '@cn/contracts';
import type { ApiClient } from '../api/client';

export const INVITES_PAGE_SIZE = 50;

/** Appointment invites (GET /api/v1/invites, POST …/accept|reject) and participations (GET /api/v1/participations). */
export const invitesApi = (api: ApiClient) => ({
  list: (status: string) =>
    api.request<InvitesResponse>('GET', '/api/v1/invites', { query: { filter: 'appointments', status, limit: INVITES_PAGE_SIZE } }),
  /** the next page's URL as the server answered it */
  next: (url: string) => api.request<InvitesResponse>('GET', url),
  /** only the open tab's badge */
  openCount: async () =>
    (await api.request<InvitesResponse>('GET', '/api/v1/invites', { query: { filter: 'appointments', status: 'open', limit: 1 } })).open_count,
  participations: (status: 'accepted' | 'declined') =>
    api.request<ParticipationsResponse>('GET', '/api/v1/participations', { query: { status, limit: PARTICIPATIONS_PAGE_SIZE } }),
  nextParticipations: (url: string) => api.request<ParticipationsResponse>('GET', url),
  accept: (id: string) => api.request<CommandAccepted>('POST', `/api/v1/invites/${encodeURIComponent(id)}/accept`),
  reject: (id: string) => api.request<CommandAccepted>('POST', `/api/v1/invites/${encodeURIComponent(id)}/reject`),
});
