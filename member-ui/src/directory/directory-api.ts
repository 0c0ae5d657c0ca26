import type { DirectoryMembersResponse } from '@cn/contracts';
import type { ApiClient } from '../api/client';

/** The member directory of the search service (GET /directory/members). */
export const directoryApi = (api: ApiClient) => ({
  members: (query: { q: string; page: number; per_page?: number }) => api.request<DirectoryMembersResponse>('GET', '/directory/members', { query }),
});
