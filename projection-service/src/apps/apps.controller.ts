import { Controller, Get, Param, Query, UseInterceptors } from '@nestjs/common';
import { z } from 'zod';
import {
  appsListResponseSchema,
  columnPropertyOf,
  itemResponseSchema,
  itemSearchQuerySchema,
  itemSearchResponseSchema,
  itemTitleOf,
  wallResponseSchema,
  WALL_PAGE_SIZE,
  WALL_PAGE_SIZE_MAX,
  type AppsListResponse,
  type ItemDto,
  type ItemResponse,
  type ItemSearchResponse,
  type WallResponse,
} from '@cn/contracts';
import { ConsistencyInterceptor, Ctx, type DocumentStore, Endpoint, HttpProblem, InjectPort, parseWith, type RequestContext } from '@cn/platform';
import { membersCollection, signedInMember } from '../members/members.read';
import type { AppDocument } from './apps.projection';
import { appDtoOf, appsCollection, appItemsCollection, appViewerOf, isAssignedTo, itemDtoOf, itemsInBoardOrder, matchesWallFilter, memberIdsOf, taskMarksCollection } from './apps.read';
import { loadTagCatalogue } from '../tags/tags.read';
import { taskMarkDtoOf } from './task-marks.projection';

const localeSchema = z.enum(['en', 'de', 'fr', 'es']).default('en');

export const wallQuerySchema = z.object({
  tag: z.string().trim().max(60, { message: 'too_long' }).optional(),
  assignee_id: z.string().trim().max(64, { message: 'too_long' }).optional(),
  archived: z.enum(['true', 'false']).default('false'),
  /** cards per column ('load more' asks again with a larger limit) */
  limit: z.coerce.number().int().min(1, { message: 'too_small' }).max(WALL_PAGE_SIZE_MAX, { message: 'too_big' }).default(WALL_PAGE_SIZE),
  locale: localeSchema,
});

const appParam = z.string().max(60, { message: 'too_long' });

@Controller('api/v1/apps')
@UseInterceptors(ConsistencyInterceptor)
export class AppsController {
  constructor(@InjectPort('documentStore') private readonly documentStore: DocumentStore) {}

  private async viewer(ctx: RequestContext) {
    const member = await signedInMember(this.documentStore, ctx);
    return appViewerOf(member);
  }

  private async app(slug: string): Promise<AppDocument> {
    const app = await appsCollection(this.documentStore).get(parseWith(appParam, slug, 'app'));
    if (!app || app.name === '') throw new HttpProblem(404, 'not_found');
    return app;
  }

  private async memberNames(app: AppDocument, items: readonly ItemDto[]): Promise<Record<string, string>> {
    const members = await membersCollection(this.documentStore).getMany(memberIdsOf(app, items));
    return Object.fromEntries(members.filter((member) => !member.deleted).map((member) => [member._id, `${member.first_name} ${member.last_name}`.trim()]));
  }

  @Get()
  @Endpoint({ summary: 'The apps of the network (the navigation and the property-set editor)', tags: ['apps'], auth: 'member', responses: { 200: { description: 'AppsListResponse', schema: appsListResponseSchema }, 401: 'signed out' } })
  async list(@Ctx() ctx: RequestContext): Promise<AppsListResponse> {
    await this.viewer(ctx);
    const apps = await appsCollection(this.documentStore).find({}, { sort: [['name', 1]] });
    return { apps: apps.filter((app) => app.name !== '').map((app) => ({ id: app._id, name: app.name, description: app.description })) };
  }

  @Get(':app/wall')
  @Endpoint({
    summary: "The kanban wall: one column per option of the app's first single selection property, unassigned items apart; ?tag=, ?assignee_id=, ?archived=true for the archive",
    tags: ['apps'],
    auth: 'member',
    query: wallQuerySchema,
    responses: { 200: { description: 'WallResponse', schema: wallResponseSchema }, 400: 'bad filter or limit', 401: 'signed out', 404: 'unknown app' },
  })
  async wall(@Ctx() ctx: RequestContext, @Param('app') slug: string, @Query() raw: Record<string, unknown>): Promise<WallResponse> {
    const viewer = await this.viewer(ctx);
    const query = parseWith(wallQuerySchema, raw);
    const app = await this.app(slug);
    const tags = await loadTagCatalogue(this.documentStore);
    const items = (await itemsInBoardOrder(this.documentStore, app._id, query.archived === 'true'))
      .map((item) => itemDtoOf(app, item, viewer, query.locale, tags))
      .filter((item) => matchesWallFilter(app, item.values, query));
    const column = columnPropertyOf(app.properties);
    const valueOf = (values: Record<string, unknown>): string | undefined => (column ? (values[column.name] as string[] | undefined)?.[0] : undefined);
    const next = (value: string): string => {
      const params = new URLSearchParams({ ...(query.tag ? { tag: query.tag } : {}), ...(query.assignee_id ? { assignee_id: query.assignee_id } : {}), archived: query.archived, limit: String(Math.min(query.limit * 2, WALL_PAGE_SIZE_MAX)), column: value });
      return `/api/v1/apps/${encodeURIComponent(app._id)}/wall?${params.toString()}`;
    };
    const columns = (column?.options ?? []).map((option) => {
      const inColumn = items.filter((item) => valueOf(item.values) === option.value);
      return { value: option.value, label: option.label, items: inColumn.slice(0, query.limit), total: inColumn.length, next: inColumn.length > query.limit ? next(option.value) : null };
    });
    const unassigned = column ? items.filter((item) => valueOf(item.values) === undefined) : items;
    const shown = [...columns.flatMap((entry) => entry.items), ...unassigned];
    return { app: appDtoOf(app, viewer), columns, unassigned: unassigned.slice(0, query.limit), members: await this.memberNames(app, shown) };
  }

  @Get(':app/items')
  @Endpoint({
    summary: "The relation picker's search: an app's items (not archived) whose title holds `q`, newest first",
    tags: ['apps'],
    auth: 'member',
    query: itemSearchQuerySchema,
    responses: { 200: { description: 'ItemSearchResponse', schema: itemSearchResponseSchema }, 400: 'q too long, bad limit', 401: 'signed out', 404: 'unknown app' },
  })
  async search(@Ctx() ctx: RequestContext, @Param('app') slug: string, @Query() raw: Record<string, unknown>): Promise<ItemSearchResponse> {
    await this.viewer(ctx);
    const query = parseWith(itemSearchQuerySchema, raw);
    const app = await this.app(slug);
    const wanted = query.q.toLocaleLowerCase();
    const items = (await appItemsCollection(this.documentStore).find({ app_id: app._id }))
      .filter((item) => !item.archived)
      .map((item) => ({ id: item._id, app: app._id, displayValue: itemTitleOf(app.properties, item.values), created_at: item.created_at }))
      .filter((item) => wanted === '' || item.displayValue.toLocaleLowerCase().includes(wanted))
      .sort((a, b) => b.created_at.localeCompare(a.created_at))
      .slice(0, query.limit);
    return { items: items.map(({ created_at: _created, ...item }) => item) };
  }

  @Get(':app/items/:id')
  @Endpoint({
    summary: "An item with its values under the app's current definitions, their display values and its `can` (update, move, archive, update[name])",
    tags: ['apps'],
    auth: 'member',
    query: z.object({ locale: localeSchema }),
    responses: { 200: { description: 'ItemResponse', schema: itemResponseSchema }, 400: 'bad locale', 401: 'signed out', 404: 'unknown app or item' },
  })
  async item(@Ctx() ctx: RequestContext, @Param('app') slug: string, @Param('id') id: string, @Query() raw: Record<string, unknown>): Promise<ItemResponse> {
    const viewer = await this.viewer(ctx);
    const { locale } = parseWith(z.object({ locale: localeSchema }), raw);
    const app = await this.app(slug);
    const item = await appItemsCollection(this.documentStore).get(id);
    if (!item || item.app_id !== app._id) throw new HttpProblem(404, 'not_found');
    const dto = itemDtoOf(app, item, viewer, locale, await loadTagCatalogue(this.documentStore));
    const mark = (await taskMarksCollection(this.documentStore).get(viewer.member_id))?.marks[dto.id] ?? null;
    return { app: appDtoOf(app, viewer), item: dto, members: await this.memberNames(app, [dto]), mark: taskMarkDtoOf(mark, { assigned: isAssignedTo(app, dto, viewer.member_id), archived: dto.archived }) };
  }

  @Get(':app')
  @Endpoint({
    summary: "An app's definition (properties, layout, the wall's column property) and the member's abilities",
    tags: ['apps'],
    auth: 'member',
    responses: { 200: { description: 'AppDto', schema: wallResponseSchema.shape.app }, 401: 'signed out', 404: 'unknown app' },
  })
  async definition(@Ctx() ctx: RequestContext, @Param('app') slug: string) {
    const viewer = await this.viewer(ctx);
    return appDtoOf(await this.app(slug), viewer);
  }
}
