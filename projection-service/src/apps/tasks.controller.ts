import { Controller, Get, Query, UseInterceptors } from '@nestjs/common';
import { z } from 'zod';
import { TASK_LISTS, tasksResponseSchema, type ItemDto, type TaskList, type TasksResponse } from '@cn/contracts';
import { ConsistencyInterceptor, Ctx, type DocumentStore, Endpoint, InjectPort, parseWith, type RequestContext } from '@cn/platform';
import { membersCollection, signedInMember } from '../members/members.read';
import type { AppDocument } from './apps.projection';
import { appItemsCollection, appsCollection, appViewerOf, itemDtoOf, memberIdsOf, taskMarksCollection } from './apps.read';
import { loadTagCatalogue } from '../tags/tags.read';
import { taskMarkDtoOf, type TaskMark } from './task-marks.projection';

export const tasksQuerySchema = z.object({
  list: z.enum(TASK_LISTS).default('my'),
  locale: z.enum(['en', 'de', 'fr', 'es']).default('en'),
  limit: z.coerce.number().int().min(1, { message: 'too_small' }).max(500, { message: 'too_big' }).default(200),
});

const assigneesOf = (app: AppDocument, item: ItemDto): string[] =>
  app.properties.filter((property) => property.type === 'membership').flatMap((property) => (item.values[property.name] as string[] | undefined) ?? []);

/** the member's marks on their tasks, by item */
export const taskMarksOf = async (store: DocumentStore, memberId: string): Promise<Map<string, TaskMark>> =>
  new Map(Object.entries((await taskMarksCollection(store).get(memberId))?.marks ?? {}));

/** whether the item is in the list, for this member with these marks */
export const inTaskList = (list: TaskList, memberId: string, assignees: readonly string[], item: Pick<ItemDto, 'author_id' | 'archived'>, mark: TaskMark | undefined): boolean => {
  const mine = assignees.includes(memberId);
  const byMe = item.author_id === memberId && assignees.some((id) => id !== memberId);
  const declined = mark?.declined === true;
  switch (list) {
    case 'my':
      return !item.archived && mine && !declined;
    case 'assigned':
      return !item.archived && byMe;
    case 'declined':
      return !item.archived && mine && declined;
    case 'archive':
      return item.archived && (mine || byMe);
    case 'starred':
      return mark?.starred === true;
    case 'notes':
      return (mark?.note ?? '') !== '';
  }
};

/**
 * The tasks views (/tasks/my, assigned, declined, starred, archive, notes): items of every app with a
 * membership property, by the member's relation to them and their own marks (star, decline, note), which
 * only they see. Starred and noted items may be of any app. Read across the apps' items; newest first.
 */
@Controller('api/v1/tasks')
@UseInterceptors(ConsistencyInterceptor)
export class TasksController {
  constructor(@InjectPort('documentStore') private readonly documentStore: DocumentStore) {}

  @Get()
  @Endpoint({
    summary: "The member's tasks: assigned to them (my), by them (assigned), declined, starred, archived, with their notes (notes)",
    tags: ['apps'],
    auth: 'member',
    query: tasksQuerySchema,
    responses: { 200: { description: 'TasksResponse', schema: tasksResponseSchema }, 400: 'bad list, locale or limit', 401: 'signed out' },
  })
  async tasks(@Ctx() ctx: RequestContext, @Query() raw: Record<string, unknown>): Promise<TasksResponse> {
    const member = await signedInMember(this.documentStore, ctx);
    const query = parseWith(tasksQuerySchema, raw);
    const viewer = appViewerOf(member);
    const marks = await taskMarksOf(this.documentStore, member._id);
    const allApps = (await appsCollection(this.documentStore).find({})).filter((app) => app.name !== '');
    const byMarks = query.list === 'starred' || query.list === 'notes';
    const apps = byMarks ? allApps : allApps.filter((app) => app.properties.some((property) => property.type === 'membership'));
    const appsById = new Map(apps.map((app) => [app._id, app]));
    const documents = byMarks
      ? await appItemsCollection(this.documentStore).getMany([...marks.values()].filter((mark) => inTaskList(query.list, member._id, [], { author_id: '', archived: false }, mark)).map((mark) => mark.item_id))
      : (await Promise.all(apps.map((app) => appItemsCollection(this.documentStore).find({ app_id: app._id })))).flat();
    const tags = await loadTagCatalogue(this.documentStore);
    const tasks: Array<TasksResponse['tasks'][number] & { created_at: string }> = [];
    const shown: Array<{ app: AppDocument; item: ItemDto }> = [];
    for (const document of documents) {
      const app = appsById.get(document.app_id);
      if (!app) continue;
      const item = itemDtoOf(app, document, viewer, query.locale, tags);
      const assignees = assigneesOf(app, item);
      const mark = marks.get(item.id);
      if (!inTaskList(query.list, member._id, assignees, item, mark)) continue;
      const title = app.properties.find((property) => property.type === 'text');
      tasks.push({
        app: { id: app._id, name: app.name },
        title: title ? (item.display_values[title.name] ?? '') : '',
        item,
        mark: taskMarkDtoOf(mark ?? null, { assigned: assignees.includes(member._id), archived: item.archived }),
        created_at: document.created_at,
      });
      shown.push({ app, item });
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
