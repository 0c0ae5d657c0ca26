import type { CommandAccepted, PendingConsentsResponse, PublicImprintDto, PublicLegalTextDto } from '@cn/contracts';
import type { ApiClient } from '../api/client';

/** The legal module's calls: the public imprint and texts, and the signed-in member's consents. */
export const legalApi = (api: ApiClient) => ({
  imprint: () => api.request<PublicImprintDto>('GET', '/api/v1/imprint'),
  text: (handle: string) => api.request<PublicLegalTextDto>('GET', `/api/v1/legal_texts/${encodeURIComponent(handle)}`),
  pending: () => api.request<PendingConsentsResponse>('GET', '/api/v1/legal/pending'),
  accept: (legalTextId: string, version: number) => api.request<CommandAccepted>('POST', '/api/v1/legal/acceptances', { body: { legal_text_id: legalTextId, version } }),
});
