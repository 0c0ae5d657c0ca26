import { Controller, Get, Inject, Query, UseInterceptors } from '@nestjs/common';
import { z } from 'zod';
import { groupSearchResponseSchema, type GroupSearchResponse } from '@cn/contracts';
import { ConsistencyInterceptor, Endpoint, Member, parseWith, type SignedInMember } from '@cn/platform';
import { SEARCH_RUNTIME, type SearchIndexerRuntime } from '../core/search-core';
import { audienceFilter, GROUPS_INDEX_DEFINITION, toGroupHit } from './groups-index';

export const groupSearchQuerySchema = z.object({
  q: z.string().trim().max(200, { message: 'too_long' }).default(''),
  page: z.coerce.number({ message: 'invalid_type' }).int({ message: 'invalid_type' }).min(1, { message: 'too_small' }).default(1),
  per_page: z.coerce.number({ message: 'invalid_type' }).int({ message: 'invalid_type' }).min(1, { message: 'too_small' }).max(100, { message: 'too_big' }).default(20),
});

/** The groups module of the search: groups the member may see, by relevance (by name when browsing); hidden groups only for those in them. */
@Controller()
@UseInterceptors(ConsistencyInterceptor)
export class GroupsSearchController {
  constructor(@Inject(SEARCH_RUNTIME) private readonly runtime: SearchIndexerRuntime) {}

  @Get('search/groups')
  @Endpoint({
    summary: 'Search groups (name, teaser, description) among those the member may see',
    tags: ['search'],
    query: groupSearchQuerySchema,
    responses: { 200: { description: 'GroupSearchResponse', schema: groupSearchResponseSchema }, 400: 'bad q or page', 401: 'signed out' },
    auth: 'member',
  })
  async search(@Member() viewer: SignedInMember, @Query() raw: Record<string, unknown>): Promise<GroupSearchResponse> {
    const { q, page, per_page } = parseWith(groupSearchQuerySchema, raw);
    const groups = await this.runtime.index(GROUPS_INDEX_DEFINITION);
    const result = await groups.search({
      q,
      filter: audienceFilter(viewer),
      sort: q === '' ? [['name', 'asc'], ['id', 'asc']] : undefined,
      offset: (page - 1) * per_page,
      limit: per_page,
    });
    return { groups: result.hits.map(toGroupHit), total: result.total };
  }
}
