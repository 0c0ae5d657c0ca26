import type { PageDto, PagesResponse } from '@cn/contracts';
import type { ApiClient } from '../api/client';

/** The pages module's calls: the pages the member may see, one page by its slug. */
export const pagesApi = (api: ApiClient) => ({
  list: () => api.request<PagesResponse>('GET', '/api/v1/pages'),
  page: (slug: string) => api.request<PageDto>('GET', `/api/v1/pages/${encodeURIComponent(slug)}`),
});
