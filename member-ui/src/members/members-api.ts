import type { MemberDto } from '@cn/contracts';
import type { ApiClient } from '../api/client';

/** A member's public profile (GET /members/{id}). */
export const membersApi = (api: ApiClient) => ({
  get: (id: string) => api.request<MemberDto>('GET', `/members/${encodeURIComponent(id)}`),
});
