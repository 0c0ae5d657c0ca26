import type { CreateParams, CreateResult, DataProvider, DeleteParams, DeleteResult, Identifier, RaRecord, UpdateParams, UpdateResult } from 'ra-core';
import { pageHistorySchema, pageVersionDtoSchema, type PageHistory, type PageVersionDto } from '@cn/contracts';
import type { ApiClient } from '../api/apiClient';
import { ADMIN_API, createRestDataProvider } from '../api/restDataProvider';

export const PAGES_PATH = `${ADMIN_API}/pages`;

interface PageForm {
  title?: unknown;
  slug?: unknown;
  content?: unknown;
  visibility?: unknown;
  revision?: unknown;
}

/** what the edit form sends: the fields the command takes at the revision read, never the record's flags or dates */
export const editPageBodyOf = (data: PageForm) => ({ title: data.title, slug: data.slug, content: data.content ?? '', visibility: data.visibility ?? 'members', revision: data.revision });

export const createPageBodyOf = (data: PageForm) => ({
  title: data.title,
  ...(typeof data.slug === 'string' && data.slug.trim() !== '' ? { slug: data.slug } : {}),
  content: data.content ?? '',
  visibility: data.visibility ?? 'members',
});

const pagePath = (id: Identifier): string => `${PAGES_PATH}/${encodeURIComponent(String(id))}`;
export const pageVersionPath = (id: Identifier, version: number): string => `${pagePath(id)}/versions/${version}`;

/** A page's history: read, one version read, one version restored (at the revision the history was read at). */
export interface PageHistoryCommands {
  pageHistory(resource: string, params: { id: Identifier }): Promise<PageHistory>;
  pageVersion(resource: string, params: { id: Identifier; version: number }): Promise<PageVersionDto>;
  restorePageVersion(resource: string, params: { id: Identifier; version: number; revision: number }): Promise<void>;
}

/** Lists and reads the simple-rest way; create, edit and delete send only what the commands take. */
export const createPagesDataProvider = (api: ApiClient): DataProvider & PageHistoryCommands => {
  const rest = createRestDataProvider(api);

  function create<R extends RaRecord>(resource: string, params: CreateParams): Promise<CreateResult<R>>;
  async function create(_resource: string, params: CreateParams<PageForm>): Promise<CreateResult<RaRecord>> {
    const response = await api.httpClient(PAGES_PATH, { method: 'POST', body: JSON.stringify(createPageBodyOf(params.data)) });
    return { data: { ...params.data, id: (response.json as { id: string }).id } };
  }

  function update<R extends RaRecord>(resource: string, params: UpdateParams): Promise<UpdateResult<R>>;
  async function update(_resource: string, params: UpdateParams<RaRecord & PageForm>): Promise<UpdateResult<RaRecord>> {
    const id = String(params.id);
    await api.httpClient(`${PAGES_PATH}/${encodeURIComponent(id)}`, { method: 'PUT', body: JSON.stringify(editPageBodyOf({ ...params.previousData, ...params.data })) });
    return { data: { ...params.previousData, ...params.data, id } };
  }

  function remove<R extends RaRecord>(resource: string, params: DeleteParams<R>): Promise<DeleteResult<R>>;
  async function remove(_resource: string, params: DeleteParams<RaRecord>): Promise<DeleteResult<RaRecord>> {
    await api.httpClient(`${PAGES_PATH}/${encodeURIComponent(String(params.id))}`, { method: 'DELETE' });
    return { data: params.previousData ?? { id: params.id } };
  }

  const history: PageHistoryCommands = {
    pageHistory: async (_resource, { id }) => pageHistorySchema.parse((await api.httpClient(`${pagePath(id)}/versions`)).json),
    pageVersion: async (_resource, { id, version }) => pageVersionDtoSchema.parse((await api.httpClient(pageVersionPath(id, version))).json),
    restorePageVersion: async (_resource, { id, version, revision }) => {
      await api.httpClient(`${pageVersionPath(id, version)}/restore`, { method: 'POST', body: JSON.stringify({ revision }) });
    },
  };

  return { ...rest, create, update, delete: remove, ...history };
};
