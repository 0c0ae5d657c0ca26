import type {
  CommandAccepted,
  MessageBox,
  MessageDetailDto,
  MessageSentAccepted,
  MessageTranslationResponse,
  MessagesResponse,
  RecipientOptionsResponse,
  SendMessageRequest,
  TranslationLanguage,
  UnreadMessagesResponse,
} from '@cn/contracts';
import type { ApiClient } from '../api/client';

const messagePath = (id: string): string => `/api/v1/messages/${encodeURIComponent(id)}`;

/** Calls of the direct messages (messages-files-admin-members-groups.md §7 Messages). */
export const messagesApi = (api: ApiClient) => ({
  list: (box: MessageBox, limit: number, offset: number) =>
    api.request<MessagesResponse>('GET', box === 'sent' ? '/api/v1/messages/sent' : '/api/v1/messages', { query: { limit, offset } }),
  message: (id: string) => api.request<MessageDetailDto>('GET', messagePath(id)),
  unreads: () => api.request<UnreadMessagesResponse>('GET', '/api/v1/unreads/messages'),
  translation: (id: string, language: TranslationLanguage) => api.request<MessageTranslationResponse>('GET', `/translations/${language}/message/${encodeURIComponent(id)}`),
  recipients: (q: string) => api.request<RecipientOptionsResponse>('GET', '/api/v1/messages/recipients', { query: { q } }),

  send: (request: SendMessageRequest) => api.request<MessageSentAccepted>('POST', '/api/v1/messages', { body: request }),
  markRead: (ids: readonly string[]) => api.request<CommandAccepted>('POST', '/api/v1/messages/read', { body: { message_ids: ids } }),
  markUnread: (ids: readonly string[]) => api.request<CommandAccepted>('DELETE', '/api/v1/messages/read', { body: { message_ids: ids } }),
  remove: (box: MessageBox, ids: readonly string[]) =>
    api.request<CommandAccepted>('DELETE', box === 'sent' ? '/api/v1/messages/sent/delete' : '/api/v1/messages/delete', { body: { message_ids: ids } }),
});
