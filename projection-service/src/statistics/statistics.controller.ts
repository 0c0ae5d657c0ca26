import { Controller, Get, Param, Query, UseInterceptors } from '@nestjs/common';
import { STATISTICS_DEFAULT_DAYS, statisticsQuerySchema, statisticsResponseSchema, type StatisticsDay, type StatisticsResponse } from '@cn/contracts';
import { collectionName } from '@cn/domain';
import { ConsistencyInterceptor, Ctx, type DocumentStore, Endpoint, HttpProblem, InjectPort, parseWith, type RequestContext } from '@cn/platform';
import { administeredCategory, administeredGroup } from '../groups/group-views';
import { findGroupBySlug, groupsCollection } from '../groups/groups.read';
import { signedInMember } from '../members/members.read';
import { groupScope, networkScope, statisticsProjection, type StatisticsDayDocument } from './statistics.projection';

const DAY_MS = 86_400_000;
const isoDay = (time: number): string => new Date(time).toISOString().slice(0, 10);

/** every UTC day from `from` to `to`, both included */
const daysBetween = (from: string, to: string): string[] => {
  const days: string[] = [];
  for (let time = Date.parse(`${from}T00:00:00Z`); time <= Date.parse(`${to}T00:00:00Z`); time += DAY_MS) days.push(isoDay(time));
  return days;
};

@Controller()
@UseInterceptors(ConsistencyInterceptor)
export class StatisticsController {
  constructor(
    @InjectPort('documentStore') private readonly documentStore: DocumentStore,
    @InjectPort('clock') private readonly clock: () => Date,
  ) {}

  /**
   * The days of a scope in the range, with the member count carried from every day before it. Several
   * scopes (a category's groups) are added up: members are memberships, active members distinct.
   */
  private async statistics(scopes: readonly string[], kind: StatisticsResponse['scope'], raw: Record<string, unknown>): Promise<StatisticsResponse> {
    const query = parseWith(statisticsQuerySchema, raw);
    const to = query.to ?? isoDay(this.clock().getTime());
    const from = query.from ?? isoDay(Date.parse(`${to}T00:00:00Z`) - (STATISTICS_DEFAULT_DAYS - 1) * DAY_MS);
    if (from > to) throw new HttpProblem(400, 'validation_failed', [{ field: 'from', key: 'too_big' }]);
    const collection = this.documentStore.collection<StatisticsDayDocument>(collectionName(statisticsProjection));
    const docs = scopes.length === 0 ? [] : await collection.find({ scope: { $in: scopes }, date: { $lte: to } }, { sort: [['date', 1]] });
    let members = 0;
    const byDate = new Map<string, StatisticsDayDocument[]>();
    for (const doc of docs) {
      if (doc.date < from) members += doc.joined - doc.left;
      else byDate.set(doc.date, [...(byDate.get(doc.date) ?? []), doc]);
    }
    const days: StatisticsDay[] = daysBetween(from, to).map((date) => {
      const ofDay = byDate.get(date) ?? [];
      const sum = (count: (doc: StatisticsDayDocument) => number): number => ofDay.reduce((total, doc) => total + count(doc), 0);
      members += sum((doc) => doc.joined - doc.left);
      const active = new Set(ofDay.flatMap((doc) => doc.active_member_ids)).size;
      return { date, members, active_members: active, events: sum((doc) => doc.events), commands: sum((doc) => doc.commands) };
    });
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
