import {
  NOTIFICATIONS_LIMIT_DEFAULT,
  type CommandAccepted,
  type MarkNotificationsReadRequest,
  type MemberSuggestion,
  type NotificationsResponse,
} from '@cn/contracts';
import type { ApiClient } from '../api/client';

/** The bell and /notifications: GET /api/v1/notifications and POST /api/v1/notifications/read; the mention picker's GET /members?q=. */
export const notificationsApi = (api: ApiClient) => ({
  list: (limit = NOTIFICATIONS_LIMIT_DEFAULT) => api.request<NotificationsResponse>('GET', '/api/v1/notifications', { query: { limit } }),
  markRead: (request: MarkNotificationsReadRequest) => api.request<CommandAccepted>('POST', '/api/v1/notifications/read', { body: request }),
  memberSuggestions: (q: string) => api.request<MemberSuggestion[]>('GET', '/members', { query: { q } }),
});
