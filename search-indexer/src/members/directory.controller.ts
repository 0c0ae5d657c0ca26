import {
  CONNECTIONS_COLLECTION,
  connectedMemberIds,
  directoryMembersResponseSchema,
  MEMBERSHIP_ROLES_READ_MODEL,
  type ConnectionEntry,
  type DirectoryMembersResponse,
} from '@cn/contracts';
import { collectionName } from '@cn/domain';
import { Controller, Get, Inject, Query, UseInterceptors } from '@nestjs/common';
import { z } from 'zod';
import { ConsistencyInterceptor, Endpoint, InjectPort, Member, parseWith, type Document, type DocumentStore, type SearchQuery, type SignedInMember } from '@cn/platform';
import { loadNetworkSearchSettings, NETWORK_INDEX_DEFINITION } from '../network/network-search-settings';
import { MEMBERS_INDEX_DEFINITION } from './members-index';
import { SEARCH_RUNTIME, type SearchIndexerRuntime } from '../core/search-core';
import { toDirectoryEntry } from './directory-entry';

export const DIRECTORY_PER_PAGE_DEFAULT = 25;
export const DIRECTORY_PER_PAGE_MAX = 100;

export const directoryQuerySchema = z.object({
  q: z.string().trim().max(200, { message: 'too_long' }).default(''),
  page: z.coerce.number({ message: 'invalid_type' }).int({ message: 'invalid_type' }).min(1, { message: 'too_small' }).default(1),
  per_page: z.coerce
    .number({ message: 'invalid_type' })
    .int({ message: 'invalid_type' })
    .min(1, { message: 'too_small' })
    .max(DIRECTORY_PER_PAGE_MAX, { message: 'too_big' })
    .default(DIRECTORY_PER_PAGE_DEFAULT),
});

const SORTS: Record<'first_name' | 'last_name', SearchQuery['sort']> = {
  first_name: [['first_name', 'asc'], ['last_name', 'asc'], ['id', 'asc']],
  last_name: [['last_name', 'asc'], ['first_name', 'asc'], ['id', 'asc']],
};

@Controller()
@UseInterceptors(ConsistencyInterceptor)
export class DirectoryController {
  constructor(
    @Inject(SEARCH_RUNTIME) private readonly runtime: SearchIndexerRuntime,
    @InjectPort('documentStore') private readonly documents: DocumentStore,
    @InjectPort('clock') private readonly clock: () => Date,
  ) {}

  /** the hits' members with an open console now (the realtime service keeps them in the document store) */
  private async connected(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    return connectedMemberIds(await this.documents.collection<ConnectionEntry & Document>(CONNECTIONS_COLLECTION).find({ member_id: { $in: [...ids] } }), this.clock());
  }

  /**
   * The network-wide membership roles of the hits' members, for their badges (the roles read model of
   * the query side; a network has few of them, so all are read once per page).
   */
  private async roleBadges(ids: readonly string[]): Promise<Map<string, Array<{ id: string; name: string }>>> {
    const badges = new Map<string, Array<{ id: string; name: string }>>();
    if (ids.length === 0) return badges;
    const roles = await this.documents
      .collection<Document & { group_id: string | null; name: string; member_ids: string[] }>(collectionName(MEMBERSHIP_ROLES_READ_MODEL))
      .find({ group_id: null }, { sort: [['name', 1]] });
    for (const role of roles) {
      for (const memberId of role.member_ids) {
        if (ids.includes(memberId)) badges.set(memberId, [...(badges.get(memberId) ?? []), { id: role._id, name: role.name }]);
      }
    }
    return badges;
  }

  /** relevance order when searching, the network's default sort when browsing */
  @Get('directory/members')
  @Endpoint({
    summary: 'Member directory: relevance with q, else the network default sort',
    tags: ['directory'],
    query: directoryQuerySchema,
    responses: { 200: { description: 'DirectoryMembersResponse', schema: directoryMembersResponseSchema }, 400: 'invalid page or per_page', 401: 'signed out' },
    auth: 'member',
  })
  async members(@Member() viewer: SignedInMember, @Query() query: Record<string, unknown>): Promise<DirectoryMembersResponse> {
    const viewerId = viewer.id;
    const { q, page, per_page } = parseWith(directoryQuerySchema, query);
    const [members, network] = await Promise.all([this.runtime.index(MEMBERS_INDEX_DEFINITION), this.runtime.index(NETWORK_INDEX_DEFINITION)]);
    const settings = await loadNetworkSearchSettings(network);
    const result = await members.search({
      q,
      sort: q === '' ? SORTS[settings.directory_default_sort] : undefined,
      offset: (page - 1) * per_page,
      limit: per_page,
    });
    const ids = result.hits.map((doc) => doc.id);
    const [connected, badges] = await Promise.all([this.connected(ids), this.roleBadges(ids)]);
    return {
      entries: result.hits.map((doc) => {
        const entry = toDirectoryEntry(doc, viewerId, settings.show_online_status, connected.has(doc.id), { id: viewerId, roles: viewer.roles });
        const roles = badges.get(doc.id);
        return roles ? { ...entry, roles } : entry;
      }),
      pagination: { page, per_page, total: result.total, total_pages: Math.ceil(result.total / per_page) },
    };
  }
}
