import type { CreateParams, CreateResult, DataProvider, DeleteParams, DeleteResult, RaRecord, UpdateParams, UpdateResult } from 'ra-core';
import type { ApiClient } from '../api/apiClient';
import { ADMIN_API, createRestDataProvider } from '../api/restDataProvider';

export const LEGAL_TEXTS_PATH = `${ADMIN_API}/legal_texts`;
export const LEGAL_ACCEPTANCES_EXPORT_PATH = `${ADMIN_API}/legal_acceptances`;

interface LegalTextForm {
  name?: unknown;
  handle?: unknown;
  statement?: unknown;
  text?: unknown;
  requires_consent?: unknown;
  read_only?: unknown;
  revision?: unknown;
}

/** what the edit form sends: the fields the command takes, never the record's versions or counts */
export const editBodyOf = (data: LegalTextForm) => ({
  name: data.name,
  handle: data.handle,
  statement: data.statement ?? '',
  text: data.text,
  requires_consent: data.requires_consent === true,
  revision: data.revision,
});

export const createBodyOf = (data: LegalTextForm) => ({
  name: data.name,
  ...(typeof data.handle === 'string' && data.handle.trim() !== '' ? { handle: data.handle } : {}),
  statement: data.statement ?? '',
  text: data.text,
  requires_consent: data.requires_consent === true,
  read_only: data.read_only === true,
});

/** Lists and reads the simple-rest way; create, edit (at the record's revision) and delete send only what the commands take. */
export const createLegalTextsDataProvider = (api: ApiClient): DataProvider => {
  const rest = createRestDataProvider(api);

  function create<R extends RaRecord>(resource: string, params: CreateParams): Promise<CreateResult<R>>;
  async function create(_resource: string, params: CreateParams<LegalTextForm>): Promise<CreateResult<RaRecord>> {
    const response = await api.httpClient(LEGAL_TEXTS_PATH, { method: 'POST', body: JSON.stringify(createBodyOf(params.data)) });
    return { data: { ...params.data, id: (response.json as { id: string }).id } };
  }

  function update<R extends RaRecord>(resource: string, params: UpdateParams): Promise<UpdateResult<R>>;
  async function update(_resource: string, params: UpdateParams<RaRecord & LegalTextForm>): Promise<UpdateResult<RaRecord>> {
    const id = String(params.id);
    await api.httpClient(`${LEGAL_TEXTS_PATH}/${encodeURIComponent(id)}`, { method: 'PUT', body: JSON.stringify(editBodyOf({ ...params.previousData, ...params.data })) });
    return { data: { ...params.previousData, ...params.data, id } };
  }

  function remove<R extends RaRecord>(resource: string, params: DeleteParams<R>): Promise<DeleteResult<R>>;
  async function remove(_resource: string, params: DeleteParams<RaRecord>): Promise<DeleteResult<RaRecord>> {
    await api.httpClient(`${LEGAL_TEXTS_PATH}/${encodeURIComponent(String(params.id))}`, { method: 'DELETE' });
    return { data: params.previousData ?? { id: params.id } };
  }

  return { ...rest, create, update, delete: remove };
};
