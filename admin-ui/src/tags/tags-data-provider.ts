import type { DataProvider, DeleteParams, DeleteResult, Identifier, RaRecord, UpdateParams, UpdateResult } from 'ra-core';
import type { ApiClient } from '../api/apiClient';
import { ADMIN_API, createRestDataProvider } from '../api/restDataProvider';

export const TAGS_PATH = `${ADMIN_API}/tags`;

const tagPath = (id: Identifier): string => `${TAGS_PATH}/${encodeURIComponent(String(id))}`;

/** what the tags resource does beyond react-admin's methods */
export interface TagCommands {
  /** `POST /administration/tags/{id}/merge`: the tag goes into `into` */
  mergeTags(resource: string, params: { id: Identifier; into: Identifier }): Promise<void>;
}

/** Lists and reads the simple-rest way; a rename sends only the name, merge is a command of its own. */
export const createTagsDataProvider = (api: ApiClient): DataProvider & TagCommands => {
  const rest = createRestDataProvider(api);

  function update<R extends RaRecord>(resource: string, params: UpdateParams): Promise<UpdateResult<R>>;
  async function update(_resource: string, params: UpdateParams<RaRecord & { name?: unknown }>): Promise<UpdateResult<RaRecord>> {
    const record = { ...params.previousData, ...params.data };
    await api.httpClient(tagPath(params.id), { method: 'PUT', body: JSON.stringify({ name: record.name }) });
    return { data: { ...record, id: params.id } };
  }

  function remove<R extends RaRecord>(resource: string, params: DeleteParams<R>): Promise<DeleteResult<R>>;
  async function remove(_resource: string, params: DeleteParams<RaRecord>): Promise<DeleteResult<RaRecord>> {
    await api.httpClient(tagPath(params.id), { method: 'DELETE' });
    return { data: params.previousData ?? { id: params.id } };
  }

  const mergeTags = async (_resource: string, { id, into }: { id: Identifier; into: Identifier }): Promise<void> => {
    await api.httpClient(`${tagPath(id)}/merge`, { method: 'POST', body: JSON.stringify({ into: String(into) }) });
  };

  return { ...rest, update, delete: remove, mergeTags };
};
