import { Controller, Get, Param, Query, Res, UseInterceptors } from '@nestjs/common';
import type { Response } from 'express';
import { z } from 'zod';
import {
  activeDesignsQuerySchema,
  activeDesignsResponseSchema,
  designDtoSchema,
  NETWORK_DESIGN_SCOPE_ID,
  type ActiveDesignsResponse,
  type DesignDto,
  type DesignScopeType,
} from '@cn/contracts';
import { collectionName } from '@cn/domain';
import {
  ConsistencyInterceptor,
  contentRangeHeaders,
  type DocumentStore,
  Endpoint,
  HttpProblem,
  InjectPort,
  Member,
  ParsedQuery,
  parseListQuery,
  sendList,
  type SignedInMember,
} from '@cn/platform';
import { administeredCategory, administeredGroup } from '../groups/group-views';
import { membersCollection } from '../members/members.read';
import { canSeeGroup, findGroupBySlug, matchesQuery } from '../groups/groups.read';
import { designsProjection, type DesignDocument } from './designs.projection';

const tags = ['designs'];
const SORT: Record<string, string> = { name: 'name', updated_at: 'updated_at', active: 'active', id: 'id' };

export const designsCollection = (store: DocumentStore) => store.collection<DesignDocument>(collectionName(designsProjection));

const toDesignDto = (doc: DesignDocument): DesignDto => ({
  id: doc._id,
  scope_type: doc.scope_type,
  scope_id: doc.scope_id,
  name: doc.name,
  primary_color: doc.primary_color,
  primary_text_color: doc.primary_text_color,
  background_color: doc.background_color,
  logo_url: doc.logo_url,
  active: doc.active,
  updated_at: doc.updated_at,
});

const compareBy = (field: string) => (a: DesignDto, b: DesignDto): number => {
  const left = a[field as keyof DesignDto];
  const right = b[field as keyof DesignDto];
  return typeof left === 'string' && typeof right === 'string' ? left.localeCompare(right) : Number(left) - Number(right);
};

/** Designs read: the administrations' lists (network, group) and what the member console applies. */
@Controller()
@UseInterceptors(ConsistencyInterceptor)
export class DesignsController {
  constructor(@InjectPort('documentStore') private readonly store: DocumentStore) {}

  private async scopeDesigns(scope_type: DesignScopeType, scope_id: string): Promise<DesignDto[]> {
    return (await designsCollection(this.store).find({ scope_type, scope_id })).map(toDesignDto);
  }

  private list(designs: DesignDto[], query: Record<string, unknown>, res: Response, resource: string): DesignDto[] {
    const { range, sort, filter } = parseListQuery(query, { sortFields: SORT, filters: ['q', 'id'] });
    const q = typeof filter['q'] === 'string' ? filter['q'] : '';
    const ids = Array.isArray(filter['id']) ? new Set(filter['id'].map(String)) : null;
    const [field, direction] = sort ?? ['name', 'ASC'];
    const found = designs
      .filter((design) => (ids === null || ids.has(design.id)) && matchesQuery(q, design.name))
      .sort((a, b) => (direction === 'DESC' ? -1 : 1) * compareBy(field)(a, b) || a.id.localeCompare(b.id));
    return sendList(res, resource, found.slice(range[0], range[1] + 1), range, found.length);
  }

  /** the group of the route, when its `can.edit_designs` allows (the rule the design commands refuse by) */
  private async administeredGroup(slug: string, viewer: SignedInMember): Promise<string> {
    const member = await membersCollection(this.store).get(viewer.id);
    if (!member) throw new HttpProblem(401, 'unauthenticated');
    return administeredGroup(await findGroupBySlug(this.store, slug), member, 'edit_designs')._id;
  }

  @Get('api/v1/designs/active')
  @Endpoint({
    summary: "The designs the member console applies: the network's active one and, with group, the group's category's and the group's (each overriding the one before on the group's pages)",
    tags,
    auth: 'member',
    query: activeDesignsQuerySchema,
    responses: { 200: { description: 'ActiveDesignsResponse', schema: activeDesignsResponseSchema }, 400: 'validation_failed', 401: 'signed out' },
  })
  async active(@Member() viewer: SignedInMember, @ParsedQuery() query: z.output<typeof activeDesignsQuerySchema>): Promise<ActiveDesignsResponse> {
    const [network] = await designsCollection(this.store).find({ scope_type: 'network', scope_id: NETWORK_DESIGN_SCOPE_ID, active: true }, { limit: 1 });
    let group: DesignDocument | undefined;
    let category: DesignDocument | undefined;
    if (query.group) {
      const found = await findGroupBySlug(this.store, query.group);
      if (found && canSeeGroup(found, { member_id: viewer.id, network_admin: viewer.roles.network_admin })) {
        [group] = await designsCollection(this.store).find({ scope_type: 'group', scope_id: found._id, active: true }, { limit: 1 });
        if (found.group_category_id) {
          [category] = await designsCollection(this.store).find({ scope_type: 'group_category', scope_id: found.group_category_id, active: true }, { limit: 1 });
        }
      }
    }
    return { network: network ? toDesignDto(network) : null, group_category: category ? toDesignDto(category) : null, group: group ? toDesignDto(group) : null };
  }

  @Get('administration/designs')
  @Endpoint({
    summary: "The network's designs for react-admin (filter q on names, id list; sort name, updated_at, active; Content-Range)",
    tags,
    auth: 'auditor',
    responses: { 200: { description: 'DesignDto[]', schema: z.array(designDtoSchema), headers: contentRangeHeaders }, 400: 'bad sort, range or filter', 401: 'signed out', 403: 'neither auditor nor administrator' },
  })
  async network(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: Response): Promise<DesignDto[]> {
    return this.list(await this.scopeDesigns('network', NETWORK_DESIGN_SCOPE_ID), query, res, 'designs');
  }

  @Get('administration/designs/:id')
  @Endpoint({
    summary: 'One of the network designs',
    tags,
    auth: 'auditor',
    responses: { 200: { description: 'DesignDto', schema: designDtoSchema }, 401: 'signed out', 403: 'neither auditor nor administrator', 404: 'not_found' },
  })
  async one(@Param('id') id: string): Promise<DesignDto> {
    const doc = await designsCollection(this.store).get(id);
    if (!doc || doc.scope_type !== 'network') throw new HttpProblem(404, 'not_found');
    return toDesignDto(doc);
  }

  @Get('groups/:slug/administration/designs')
  @Endpoint({
    summary: "A group's designs (its administrators, its category's and network administrators; same list query as the network's)",
    tags,
    auth: 'member',
    responses: { 200: { description: 'DesignDto[]', schema: z.array(designDtoSchema), headers: contentRangeHeaders }, 400: 'bad sort, range or filter', 401: 'signed out', 403: 'not an administrator of the group', 404: 'not_found' },
  })
  async group(@Member() viewer: SignedInMember, @Param('slug') slug: string, @Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: Response): Promise<DesignDto[]> {
    const groupId = await this.administeredGroup(slug, viewer);
    return this.list(await this.scopeDesigns('group', groupId), query, res, 'designs');
  }

  @Get('group-categories/:categoryId/administration/designs')
  @Endpoint({
    summary: "A group category's designs (its administrators, network administrators and auditors; same list query as the network's)",
    tags,
    auth: 'member',
    responses: { 200: { description: 'DesignDto[]', schema: z.array(designDtoSchema), headers: contentRangeHeaders }, 400: 'bad sort, range or filter', 401: 'signed out', 403: 'may not read the category administration', 404: 'not_found' },
  })
  async category(@Member() viewer: SignedInMember, @Param('categoryId') categoryId: string, @Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: Response): Promise<DesignDto[]> {
    const { category } = await administeredCategory(this.store, { id: categoryId }, { _id: viewer.id, roles: viewer.roles });
    return this.list(await this.scopeDesigns('group_category', category.category_id), query, res, 'designs');
  }
}
