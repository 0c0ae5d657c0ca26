import type { UnreadFeaturesResponse, UnreadsResponse } from '@cn/contracts';
import type { ApiClient } from '../api/client';

/** The shell's counters: GET /api/v1/unreads (all at once) and GET /unreads/features. */
export const unreadsApi = (api: ApiClient) => ({
  all: () => api.request<UnreadsResponse>('GET', '/api/v1/unreads'),
  features: () => api.request<UnreadFeaturesResponse>('GET', '/unreads/features'),
});
