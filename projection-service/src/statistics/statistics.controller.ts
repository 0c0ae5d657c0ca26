import { Controller, Get, Param, Query, UseInterceptors } from '@nestjs/common';
import { STATISTICS_DEFAULT_DAYS, statisticsQuerySchema, statisticsResponseSchema, type StatisticsResponse } from '@cn/contracts';
import { ConsistencyInterceptor, Ctx, type DocumentStore, Endpoint, HttpProblem, InjectPort, parseWith, type RequestContext } from '@cn/platform';
import { administeredCategory, administeredGroup } from '../groups/group-views';
import { findGroupBySlug, groupsCollection } from '../groups/groups.read';
import { signedInMember } from '../members/members.read';
import { groupScope, networkScope } from './statistics.projection';
import { isoDay, statisticsDays } from './statistics.read';

const DAY_MS = 86_400_000;

@Controller()
@UseInterceptors(ConsistencyInterceptor)
export class StatisticsController {
  constructor(
    @InjectPort('documentStore') private readonly documentStore: DocumentStore,
    @InjectPort('clock') private readonly clock: () => Date,
  ) {}

  /**
   * The days of a scope in the range, with the member count carried from every day before it. Several
   * scopes (a category's groups) and each scope's shares per bus partition are added up (`statisticsDays`).
   */
  private async statistics(scopes: readonly string[], kind: StatisticsResponse['scope'], raw: Record<string, unknown>): Promise<StatisticsResponse> {
    const query = parseWith(statisticsQuerySchema, raw);
    const to = query.to ?? isoDay(this.clock().getTime());
    const from = query.from ?? isoDay(Date.parse(`${to}T00:00:00Z`) - (STATISTICS_DEFAULT_DAYS - 1) * DAY_MS);
    if (from > to) throw new HttpProblem(400, 'validation_failed', [{ field: 'from', key: 'too_big' }]);
    const days = await statisticsDays(this.documentStore, scopes, from, to);
    return { scope: kind, from, to, days, storage_bytes: null };
  }

  @Get('administration/statistics')
  @Endpoint({
    summary: 'Network statistics per UTC day: members, active members, events and commands (from, to: YYYY-MM-DD, at most 366 days; default the last 30)',
    tags: ['statistics'],
    auth: 'auditor',
    query: statisticsQuerySchema,
    responses: { 200: { description: 'StatisticsResponse', schema: statisticsResponseSchema }, 400: 'validation_failed (from, to)', 401: 'signed out', 403: 'neither auditor nor administrator' },
  })
  network(@Query() query: Record<string, unknown>): Promise<StatisticsResponse> {
    return this.statistics([networkScope], 'network', query);
  }

  @Get('groups/:slug/administration/statistics')
  @Endpoint({
    summary: "A group's statistics per UTC day, for its administrators and network administrators",
    tags: ['statistics'],
    auth: 'member',
    query: statisticsQuerySchema,
    responses: { 200: { description: 'StatisticsResponse', schema: statisticsResponseSchema }, 400: 'validation_failed (from, to)', 401: 'signed out', 403: 'not an administrator of the group', 404: 'not_found' },
  })
  async group(@Ctx() ctx: RequestContext, @Param('slug') slug: string, @Query() query: Record<string, unknown>): Promise<StatisticsResponse> {
    const member = await signedInMember(this.documentStore, ctx);
    const group = administeredGroup(await findGroupBySlug(this.documentStore, slug), member, 'view_statistics');
    return this.statistics([groupScope(group._id)], 'group', query);
  }

  @Get('group-categories/:slug/administration/statistics')
  @Endpoint({
    summary: "A group category's statistics per UTC day, its groups' added up (members are memberships); its administrators, network administrators and auditors",
    tags: ['statistics'],
    auth: 'member',
    query: statisticsQuerySchema,
    responses: { 200: { description: 'StatisticsResponse', schema: statisticsResponseSchema }, 400: 'validation_failed (from, to)', 401: 'signed out', 403: 'may not read the category administration', 404: 'not_found' },
  })
  async category(@Ctx() ctx: RequestContext, @Param('slug') slug: string, @Query() query: Record<string, unknown>): Promise<StatisticsResponse> {
    const member = await signedInMember(this.documentStore, ctx);
    const { category } = await administeredCategory(this.documentStore, { slug }, member);
    const groups = await groupsCollection(this.documentStore).find({ group_category_id: category.category_id });
    return this.statistics(groups.map((group) => groupScope(group._id)), 'group_category', query);
  }
}
