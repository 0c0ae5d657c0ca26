import { NOTIFICATIONS_LIMIT_DEFAULT, type CommandAccepted, type MarkNotificationsReadRequest, type NotificationsResponse } from '@cn/contracts';
import type { ApiClient } from '../api/client';

/** The bell: GET /api/v1/notifications and POST /api/v1/notifications/read. */
export const notificationsApi = (api: ApiClient) => ({
  list: (limit = NOTIFICATIONS_LIMIT_DEFAULT) => api.request<NotificationsResponse>('GET', '/api/v1/notifications', { query: { limit } }),
  markRead: (request: MarkNotificationsReadRequest) => api.request<CommandAccepted>('POST', '/api/v1/notifications/read', { body: request }),
});
