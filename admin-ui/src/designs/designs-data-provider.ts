import type { CreateParams, CreateResult, DataProvider, DeleteParams, DeleteResult, Identifier, RaRecord, UpdateParams, UpdateResult } from 'ra-core';
import { designLogoPath } from '@cn/contracts';
import type { ApiClient } from '../api/apiClient';
import { ADMIN_API, createRestDataProvider } from '../api/restDataProvider';

export const DESIGNS_PATH = `${ADMIN_API}/designs`;

const designPath = (id: Identifier): string => `${DESIGNS_PATH}/${encodeURIComponent(String(id))}`;

interface DesignForm {
  name?: unknown;
  primary_color?: unknown;
  primary_text_color?: unknown;
  background_color?: unknown;
  logo_url?: unknown;
}

/** what create and edit send: the design's own fields, never its scope, state or dates */
export const designBodyOf = (data: DesignForm) => ({
  name: data.name,
  primary_color: data.primary_color,
  primary_text_color: data.primary_text_color,
  background_color: data.background_color,
  logo_url: typeof data.logo_url === 'string' && data.logo_url.trim() !== '' ? data.logo_url : null,
});

/** what the designs resource does beyond react-admin's methods */
export interface DesignCommands {
  /** `POST /api/storage/files` (multipart): the logo's bytes as the designer's own upload; answers its storage path for `logo_url` */
  uploadDesignLogo(resource: string, params: { file: File }): Promise<string>;
  /** `PUT /administration/designs/{id}/activate`: the network's active design from now on (active false: none) */
  activateDesign(resource: string, params: { id: Identifier; active: boolean }): Promise<void>;
}

/** The network's designs: lists and reads the simple-rest way; writes send only the design's fields. */
export const createDesignsDataProvider = (api: ApiClient): DataProvider & DesignCommands => {
  const rest = createRestDataProvider(api);

  function create<R extends RaRecord>(resource: string, params: CreateParams): Promise<CreateResult<R>>;
  async function create(_resource: string, params: CreateParams<DesignForm>): Promise<CreateResult<RaRecord>> {
    const response = await api.httpClient(DESIGNS_PATH, { method: 'POST', body: JSON.stringify(designBodyOf(params.data)) });
    return { data: { ...params.data, id: (response.json as { id: string }).id, active: false } };
  }

  function update<R extends RaRecord>(resource: string, params: UpdateParams): Promise<UpdateResult<R>>;
  async function update(_resource: string, params: UpdateParams<RaRecord & DesignForm>): Promise<UpdateResult<RaRecord>> {
    const record = { ...params.previousData, ...params.data };
    await api.httpClient(designPath(params.id), { method: 'PUT', body: JSON.stringify(designBodyOf(record)) });
    return { data: { ...record, id: params.id } };
  }

  function remove<R extends RaRecord>(resource: string, params: DeleteParams<R>): Promise<DeleteResult<R>>;
  async function remove(_resource: string, params: DeleteParams<RaRecord>): Promise<DeleteResult<RaRecord>> {
    await api.httpClient(designPath(params.id), { method: 'DELETE' });
    return { data: params.previousData ?? { id: params.id } };
  }

  const activateDesign = async (_resource: string, { id, active }: { id: Identifier; active: boolean }): Promise<void> => {
    await api.httpClient(`${designPath(id)}/activate`, { method: 'PUT', body: JSON.stringify({ active }) });
  };

  const uploadDesignLogo = async (_resource: string, { file }: { file: File }): Promise<string> => {
    const form = new FormData();
    form.append('file', file, file.name);
    const response = await api.httpClient('/api/storage/files', { method: 'POST', body: form });
    return designLogoPath((response.json as { id: string }).id);
  };

  return { ...rest, create, update, delete: remove, activateDesign, uploadDesignLogo };
};
