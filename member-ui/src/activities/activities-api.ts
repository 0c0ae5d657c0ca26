import type {
  ActivitiesResponse,
  ActivityDto,
  ActivityEditRequest,
  ActivityRequest,
  ActivityStreamsResponse,
  CommandAccepted,
  CreatedAccepted,
  LikeAccepted,
  MarkStreamReadRequest,
  ReplyRequest,
  StreamSubscriptionAnswer,
} from '@cn/contracts';
import type { ApiClient } from '../api/client';

const activityPath = (id: string): string => `/api/v1/activities/${encodeURIComponent(id)}`;
const streamPath = (slug: string): string => `/api/v1/activitystreams/${encodeURIComponent(slug)}`;
const pageQuery = (before: number | null) => (before === null ? undefined : { before });

/** Calls of the activity streams (messages-files-admin-members-groups.md §7: streams, the composer, likes). */
export const activitiesApi = (api: ApiClient) => ({
  streams: () => api.request<ActivityStreamsResponse>('GET', '/activitystreams.json'),
  stream: (slug: string, before: number | null) => api.request<ActivitiesResponse>('GET', `${streamPath(slug)}/activities`, { query: pageQuery(before) }),
  memberList: (memberId: string, list: 'activities' | 'likes', before: number | null) =>
    api.request<ActivitiesResponse>('GET', `/api/v1/members/${encodeURIComponent(memberId)}/${list}`, { query: pageQuery(before) }),
  activity: (id: string) => api.request<ActivityDto>('GET', activityPath(id)),

  post: (slug: string, request: ActivityRequest) => api.request<CreatedAccepted>('POST', `${streamPath(slug)}/activities`, { body: request }),
  edit: (id: string, request: ActivityEditRequest) => api.request<CreatedAccepted>('PUT', activityPath(id), { body: request }),
  remove: (id: string) => api.request<CommandAccepted>('DELETE', activityPath(id)),
  reply: (id: string, request: ReplyRequest) => api.request<CreatedAccepted>('POST', `${activityPath(id)}/replies`, { body: request }),
  editReply: (id: string, replyId: string, request: ReplyRequest) => api.request<CreatedAccepted>('PUT', `${activityPath(id)}/replies/${encodeURIComponent(replyId)}`, { body: request }),
  removeReply: (id: string, replyId: string) => api.request<CommandAccepted>('DELETE', `${activityPath(id)}/replies/${encodeURIComponent(replyId)}`),
  like: (id: string, liked: boolean) => api.request<LikeAccepted>(liked ? 'POST' : 'DELETE', `${activityPath(id)}/like`),
  read: (slug: string, request: MarkStreamReadRequest) => api.request<CommandAccepted>('POST', `${streamPath(slug)}/read`, { body: request }),
  /** §7: POST, DELETE /activitystreams/{slug}/subscribe: whether 'all' gathers the stream */
  subscribe: (slug: string, subscribed: boolean) => api.request<StreamSubscriptionAnswer>(subscribed ? 'POST' : 'DELETE', `/activitystreams/${encodeURIComponent(slug)}/subscribe`),
});
