import type { CreateParams, CreateResult, DataProvider, DeleteParams, DeleteResult, RaRecord, UpdateParams, UpdateResult } from 'ra-core';
import type { ApiClient } from '../api/apiClient';
import { ADMIN_API, createRestDataProvider } from '../api/restDataProvider';

export const MAP_PLACES_PATH = `${ADMIN_API}/map_places`;

interface MapPlaceForm {
  name?: unknown;
  description?: unknown;
  address?: unknown;
  link?: unknown;
  lat?: unknown;
  lng?: unknown;
  revision?: unknown;
}

/** an emptied number input reads as '' or null: no coordinate */
const coordinate = (value: unknown): unknown => (value === '' || value === undefined ? null : value);
const text = (value: unknown): unknown => (value === undefined || value === null ? '' : value);

/** what a new place sends: never where the server placed it */
export const createBodyOf = (data: MapPlaceForm) => ({
  name: text(data.name),
  description: text(data.description),
  address: text(data.address),
  link: text(data.link),
  lat: coordinate(data.lat),
  lng: coordinate(data.lng),
});

/** what an edit sends: the whole place at the revision the record was read at */
export const editBodyOf = (data: MapPlaceForm) => ({ ...createBodyOf(data), revision: data.revision });

/** Lists and reads the simple-rest way; create, edit and delete send only what the commands take. */
export const createMapPlacesDataProvider = (api: ApiClient): DataProvider => {
  const rest = createRestDataProvider(api);

  function create<R extends RaRecord>(resource: string, params: CreateParams): Promise<CreateResult<R>>;
  async function create(_resource: string, params: CreateParams<MapPlaceForm>): Promise<CreateResult<RaRecord>> {
    const response = await api.httpClient(MAP_PLACES_PATH, { method: 'POST', body: JSON.stringify(createBodyOf(params.data)) });
    return { data: { ...params.data, id: (response.json as { id: string }).id } };
  }

  function update<R extends RaRecord>(resource: string, params: UpdateParams): Promise<UpdateResult<R>>;
  async function update(_resource: string, params: UpdateParams<RaRecord & MapPlaceForm>): Promise<UpdateResult<RaRecord>> {
    const id = String(params.id);
    await api.httpClient(`${MAP_PLACES_PATH}/${encodeURIComponent(id)}`, { method: 'PUT', body: JSON.stringify(editBodyOf({ ...params.previousData, ...params.data })) });
    return { data: { ...params.previousData, ...params.data, id } };
  }

  function remove<R extends RaRecord>(resource: string, params: DeleteParams<R>): Promise<DeleteResult<R>>;
  async function remove(_resource: string, params: DeleteParams<RaRecord>): Promise<DeleteResult<RaRecord>> {
    await api.httpClient(`${MAP_PLACES_PATH}/${encodeURIComponent(String(params.id))}`, { method: 'DELETE' });
    return { data: params.previousData ?? { id: params.id } };
  }

  return { ...rest, create, update, delete: remove };
};
