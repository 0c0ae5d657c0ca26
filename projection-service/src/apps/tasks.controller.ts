import { Controller, Get, Query, UseInterceptors } from '@nestjs/common';
import { z } from 'zod';
import { TASK_LISTS, tasksResponseSchema, type ItemDto, type TasksResponse } from '@cn/contracts';
import { ConsistencyInterceptor, Ctx, type DocumentStore, Endpoint, HttpProblem, InjectPort, parseWith, type RequestContext, requireMember } from '@cn/platform';
import { loadActiveMember, membersCollection } from '../members/members.read';
import type { AppDocument } from './apps.projection';
import { appItemsCollection, appsCollection, appViewerOf, itemDtoOf, memberIdsOf } from './apps.read';

export const tasksQuerySchema = z.object({
  list: z.enum(TASK_LISTS).default('my'),
  locale: z.enum(['en', 'de', 'fr', 'es']).default('en'),
  limit: z.coerce.number().int().min(1, { message: 'too_small' }).max(500, { message: 'too_big' }).default(200),
});

const assigneesOf = (app: AppDocument, item: ItemDto): string[] =>
  app.properties.filter((property) => property.type === 'membership').flatMap((property) => (item.values[property.name] as string[] | undefined) ?? []);

/**
 * The tasks views (/tasks/my, /tasks/assigned, /tasks/archive): items of every app with a membership
 * property, assigned to the member (my), made by the member and assigned to someone else (assigned), or
 * archived and either (archive). Read across the apps' items; newest first.
 */
@Controller('api/v1/tasks')
@UseInterceptors(ConsistencyInterceptor)
export class TasksController {
  constructor(@InjectPort('documentStore') private readonly documentStore: DocumentStore) {}

  @Get()
  @Endpoint({
    summary: "The member's tasks: items with a membership property assigned to them (my), assigned by them (assigned), or archived (archive)",
    tags: ['apps'],
    auth: 'member',
    query: tasksQuerySchema,
    responses: { 200: { description: 'TasksResponse', schema: tasksResponseSchema }, 400: 'bad list, locale or limit', 401: 'signed out' },
  })
  async tasks(@Ctx() ctx: RequestContext, @Query() raw: Record<string, unknown>): Promise<TasksResponse> {
    const member = await loadActiveMember(this.documentStore, requireMember(ctx));
    if (!member) throw new HttpProblem(401, 'unauthenticated');
    const query = parseWith(tasksQuerySchema, raw);
    const viewer = appViewerOf(member);
    const apps = (await appsCollection(this.documentStore).find({})).filter((app) => app.name !== '' && app.properties.some((property) => property.type === 'membership'));
    const tasks: Array<TasksResponse['tasks'][number] & { created_at: string }> = [];
    const shown: Array<{ app: AppDocument; item: ItemDto }> = [];
    for (const app of apps) {
      const title = app.properties.find((property) => property.type === 'text');
      for (const document of await appItemsCollection(this.documentStore).find({ app_id: app._id })) {
        const item = itemDtoOf(app, document, viewer, query.locale);
        const assignees = assigneesOf(app, item);
        const mine = assignees.includes(member._id);
        const byMe = item.author_id === member._id && assignees.some((id) => id !== member._id);
        const wanted = query.list === 'archive' ? item.archived && (mine || byMe) : !item.archived && (query.list === 'my' ? mine : byMe);
        if (!wanted) continue;
        tasks.push({ app: { id: app._id, name: app.name }, title: title ? (item.display_values[title.name] ?? '') : '', item, created_at: document.created_at });
        shown.push({ app, item });
      }
    }
    const ids = [...new Set(shown.flatMap(({ app, item }) => memberIdsOf(app, [item])))];
    const members = await membersCollection(this.documentStore).getMany(ids);
    return {
      tasks: tasks
        .sort((a, b) => b.created_at.localeCompare(a.created_at))
        .slice(0, query.limit)
        .map(({ created_at: _created, ...task }) => task),
      members: Object.fromEntries(members.filter((entry) => !entry.deleted).map((entry) => [entry._id, `${entry.first_name} ${entry.last_name}`.trim()])),
    };
  }
}
