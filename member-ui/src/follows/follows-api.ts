import type { CommandAccepted, FollowingResponse, FollowStateResponse } from '@cn/contracts';
import type { ApiClient } from '../api/client';

const path = (id: string) => encodeURIComponent(id);

/** Following members: the follow state on a member page, one's own list, follow and unfollow. */
export const followsApi = (api: ApiClient) => ({
  state: (id: string) => api.request<FollowStateResponse>('GET', `/api/v1/members/${path(id)}/follow`),
  following: (id: string) => api.request<FollowingResponse>('GET', `/api/v1/members/${path(id)}/following`),
  follow: (id: string, follow: boolean) => api.request<CommandAccepted & { following: boolean }>(follow ? 'POST' : 'DELETE', `/api/v1/members/${path(id)}/follow`),
});
