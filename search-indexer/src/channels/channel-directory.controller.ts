import { Controller, Get, Inject, Query, UseInterceptors } from '@nestjs/common';
import { channelDirectoryQuerySchema, type ChannelDirectoryResponse } from '@cn/contracts';
import { ConsistencyInterceptor, Endpoint, Member, parseWith, type SearchQuery, type SignedInMember } from '@cn/platform';
import { SEARCH_RUNTIME, type SearchIndexerRuntime } from '../core/search-core';
import { CHANNELS_INDEX_DEFINITION, visibilityFilterOf } from './channels-index';

const BY_TITLE: SearchQuery['sort'] = [
  ['sort_title', 'asc'],
  ['id', 'asc'],
];

@Controller()
@UseInterceptors(ConsistencyInterceptor)
export class ChannelDirectoryController {
  constructor(@Inject(SEARCH_RUNTIME) private readonly runtime: SearchIndexerRuntime) {}

  /** relevance with q, else by title; draft and archived channels only for who may update them */
  @Get('directory/channels')
  @Endpoint({
    summary: 'Channel directory: free text q, A–Z letter (# for others), only_subscribed, only_public (active channels only), page; draft and archived channels only for who may update them',
    tags: ['directory', 'channels'],
    query: channelDirectoryQuerySchema,
    responses: { 200: 'ChannelDirectoryResponse', 400: 'invalid letter, page or per_page', 401: 'signed out' },
    auth: 'member',
  })
  async channels(@Member() member: SignedInMember, @Query() query: Record<string, unknown>): Promise<ChannelDirectoryResponse> {
    const { q, letter, only_subscribed, only_public, page, per_page } = parseWith(channelDirectoryQuerySchema, query);
    const viewer = { member_id: member.id, network_admin: member.roles.network_admin, external: member.roles.external };
    const index = await this.runtime.index(CHANNELS_INDEX_DEFINITION);
    const result = await index.search({
      q,
      filter: {
        visible_to: visibilityFilterOf(viewer),
        ...(letter ? { letter } : {}),
        ...(only_subscribed ? { subscriber_ids: member.id } : {}),
        ...(only_public ? { status: 'active' } : {}),
      },
      sort: q === '' ? BY_TITLE : undefined,
      offset: (page - 1) * per_page,
      limit: per_page,
    });
    return {
      entries: result.hits.map((doc) => ({
        id: doc.id,
        slug: doc.id,
        title: doc.title,
        description: doc.description,
        status: doc.status,
        subscribers_count: doc.subscribers_count,
        is_subscribed: doc.subscriber_ids.includes(member.id),
        image: doc.image,
        letter: doc.letter,
      })),
      pagination: { page, per_page, total: result.total, total_pages: Math.ceil(result.total / per_page) },
    };
  }
}
