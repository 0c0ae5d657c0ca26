import type {
  AppDto,
  AppsListResponse,
  DirectoryMembersResponse,
  FindTagsResponse,
  ItemChangedAnswer,
  ItemCreatedAnswer,
  ItemResponse,
  ItemSearchResponse,
  MoveItemRequest,
  TaskList,
  TaskMarkAnswer,
  TasksResponse,
  WallResponse,
} from '@cn/contracts';
import type { ApiClient } from '../api/client';

const path = (segment: string): string => encodeURIComponent(segment);

export interface WallQuery {
  tag?: string;
  assignee_id?: string;
  archived?: boolean;
  limit?: number;
  locale: string;
}

/** The apps module's calls (chat-channels-files-fields-legal.md §3, §5; messages-files-admin-members-groups.md kanban). */
export const appsApi = (api: ApiClient) => ({
  list: () => api.request<AppsListResponse>('GET', '/api/v1/apps'),
  app: (app: string) => api.request<AppDto>('GET', `/api/v1/apps/${path(app)}`),
  wall: (app: string, query: WallQuery) =>
    api.request<WallResponse>('GET', `/api/v1/apps/${path(app)}/wall`, {
      query: { tag: query.tag || undefined, assignee_id: query.assignee_id || undefined, archived: query.archived ? 'true' : undefined, limit: query.limit, locale: query.locale },
    }),
  item: (app: string, id: string, locale: string) => api.request<ItemResponse>('GET', `/api/v1/apps/${path(app)}/items/${path(id)}`, { query: { locale } }),
  create: (app: string, values: Record<string, unknown>) => api.request<ItemCreatedAnswer>('POST', `/api/v1/apps/${path(app)}/items`, { body: { values } }),
  update: (app: string, id: string, values: Record<string, unknown>, revision: number) =>
    api.request<ItemChangedAnswer>('PUT', `/api/v1/apps/${path(app)}/items/${path(id)}`, { body: { values, revision } }),
  move: (app: string, id: string, move: MoveItemRequest) => api.request<ItemChangedAnswer>('POST', `/api/v1/apps/${path(app)}/items/${path(id)}/move`, { body: move }),
  archive: (app: string, id: string, archived: boolean) => api.request<ItemChangedAnswer>(archived ? 'PUT' : 'DELETE', `/api/v1/apps/${path(app)}/items/${path(id)}/archive`),
  /**
   * the tag field's suggestions: tags used under `tagParents` (`<app id>/<property id>`), for the tag
   * property `property` (internal tags only for an internal one), `q` offered as new unless `excludeNew`
   */
  findTags: (q: string, tagParents: readonly string[], excludeNew: boolean, property?: string) =>
    api.request<FindTagsResponse>('GET', '/tags/find', {
      query: { q, tag_parents: tagParents.length > 0 ? tagParents.join(',') : undefined, exclude_new: excludeNew ? 'true' : undefined, property },
    }),
  searchMembers: (q: string) => api.request<DirectoryMembersResponse>('GET', '/directory/members', { query: { q, per_page: 10 } }),
  /** the relation picker: items of a related app by their title */
  searchItems: (app: string, q: string) => api.request<ItemSearchResponse>('GET', `/api/v1/apps/${path(app)}/items`, { query: { q, limit: 10 } }),
  tasks: (list: TaskList, locale: string) => api.request<TasksResponse>('GET', '/api/v1/tasks', { query: { list, locale } }),
  star: (itemId: string, starred: boolean) => api.request<TaskMarkAnswer>(starred ? 'PUT' : 'DELETE', `/api/v1/tasks/${path(itemId)}/star`),
  decline: (itemId: string, declined: boolean) => api.request<TaskMarkAnswer>(declined ? 'PUT' : 'DELETE', `/api/v1/tasks/${path(itemId)}/decline`),
  note: (itemId: string, note: string, revision: number) => api.request<TaskMarkAnswer>('PUT', `/api/v1/tasks/${path(itemId)}/note`, { body: { note, revision } }),
});
export type AppsApi = ReturnType<typeof appsApi>;
