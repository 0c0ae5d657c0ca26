import { SEARCH_CACHE_SECONDS, type GlobalSearchResponse, type SearchModule, type SearchSort } from '@cn/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../api/client';
import { useSession } from '../session/SessionContext';

export interface SearchRequest {
  q: string;
  module: SearchModule | null;
  page: number;
  sort_by: SearchSort;
  /** a group's search, null for the whole network */
  groupSlug: string | null;
}

/** GET /search.json or /groups/{slug}/search.json (the search service) */
export const searchApi = (api: ApiClient) => ({
  search: ({ q, module, page, sort_by, groupSlug }: SearchRequest) =>
    api.request<GlobalSearchResponse>('GET', groupSlug ? `/groups/${encodeURIComponent(groupSlug)}/search.json` : '/search.json', {
      query: { q, page, sort_by, ...(module ? { module } : {}) },
    }),
});

export const searchKeys = {
  all: ['search'] as const,
  results: (request: SearchRequest) => [...searchKeys.all, request] as const,
};

/** one search; an answer is reused for 60 s (§9), the results shown stay while the next page answers */
export const useSearch = (request: SearchRequest) => {
  const { api } = useSession();
  return useQuery({
    queryKey: searchKeys.results(request),
    queryFn: () => searchApi(api).search(request),
    enabled: request.q !== '',
    staleTime: SEARCH_CACHE_SECONDS * 1000,
    placeholderData: keepPreviousData,
  });
};
