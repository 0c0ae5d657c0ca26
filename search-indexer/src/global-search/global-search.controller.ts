import { Controller, Get, Inject, Param, Query, UseInterceptors } from '@nestjs/common';
import { globalSearchQuerySchema, globalSearchResponseSchema, type GlobalSearchResponse } from '@cn/contracts';
import { ConsistencyInterceptor, Endpoint, HttpProblem, Member, parseWith, type SignedInMember } from '@cn/platform';
import { SEARCH_RUNTIME, type SearchIndexerRuntime } from '../core/search-core';
import { runGlobalSearch, SearchDirectoryCache, SearchGroupNotFound } from './global-search';
import { SearchCache } from './search-cache';

const RESPONSES = {
  200: { description: 'GlobalSearchResponse', schema: globalSearchResponseSchema },
  400: 'bad q, module, page or sort_by (field and key)',
  401: 'signed out',
} as const;

/**
 * GET /search.json and /groups/{slug}/search.json: per-module counts, the overview (first 5 hits of each
 * module) or one module's page, each hit checked against the viewer's reach when searching.
 */
@Controller()
@UseInterceptors(ConsistencyInterceptor)
export class GlobalSearchController {
  private readonly cache = new SearchCache<GlobalSearchResponse>();
  private readonly directory: SearchDirectoryCache;

  constructor(@Inject(SEARCH_RUNTIME) private readonly runtime: SearchIndexerRuntime) {
    this.directory = new SearchDirectoryCache(runtime.index);
  }

  private answer(viewer: SignedInMember, raw: Record<string, unknown>, groupSlug: string | null): Promise<GlobalSearchResponse> {
    const query = parseWith(globalSearchQuerySchema, raw);
    const state = this.runtime.indexState();
    const key = SearchCache.key(viewer.id, state, [groupSlug, query.q, query.module ?? null, query.page, query.sort_by]);
    return this.cache.get(key, async () => {
      try {
        return await runGlobalSearch(this.runtime.index, { id: viewer.id, roles: viewer.roles }, query, groupSlug, this.directory.at(state));
      } catch (error) {
        if (error instanceof SearchGroupNotFound) throw new HttpProblem(404, 'not_found');
        throw error;
      }
    });
  }

  @Get('search.json')
  @Endpoint({ summary: 'Global search: hit counts per module, the first 5 hits of each, or one module’s page', tags: ['search'], query: globalSearchQuerySchema, responses: RESPONSES, auth: 'member' })
  network(@Member() viewer: SignedInMember, @Query() raw: Record<string, unknown>): Promise<GlobalSearchResponse> {
    return this.answer(viewer, raw, null);
  }

  @Get('groups/:groupSlug/search.json')
  @Endpoint({
    summary: 'A group’s search: its activities, appointments, files, folders and members',
    tags: ['search'],
    query: globalSearchQuerySchema,
    responses: { ...RESPONSES, 404: 'not_found: no group the member may see' },
    auth: 'member',
  })
  group(@Member() viewer: SignedInMember, @Param('groupSlug') groupSlug: string, @Query() raw: Record<string, unknown>): Promise<GlobalSearchResponse> {
    return this.answer(viewer, raw, groupSlug);
  }
}
