import type { DataProvider, GetOneParams, GetOneResult, RaRecord, UpdateParams, UpdateResult } from 'ra-core';
import type { PropertySetResponse, PutPropertySetRequest } from '@cn/contracts';
import type { ApiClient } from '../api/apiClient';
import { createRestDataProvider } from '../api/restDataProvider';

export const PROPERTY_SETS_PATH = '/api/v1/property_sets';

/** the context a page names (`meta`); none: the network */
export interface PropertySetMeta {
  context_type?: string;
  context_id?: string;
}

export type PropertySetRecord = PropertySetResponse & { id: string };

const query = (meta: PropertySetMeta | undefined, inherit: boolean): string => {
  const params = new URLSearchParams();
  if (meta?.context_type && meta.context_type !== 'network') {
    params.set('context_type', meta.context_type);
    params.set('context_id', meta.context_id ?? '');
  }
  if (inherit) params.set('inherit', 'true');
  const text = params.toString();
  return text ? `?${text}` : '';
};

export const propertySetUrl = (name: string, meta: PropertySetMeta | undefined, inherit: boolean): string => `${PROPERTY_SETS_PATH}/${encodeURIComponent(name)}${query(meta, inherit)}`;

/** A context's property set, read resolved (`inherit=true`: the editor shows the parent's options) and saved with the revision read. */
export const createPropertySetsDataProvider = (api: ApiClient): DataProvider => {
  function getOne<R extends RaRecord>(resource: string, params: GetOneParams<R>): Promise<GetOneResult<R>>;
  async function getOne(_resource: string, params: GetOneParams<PropertySetRecord>): Promise<GetOneResult<PropertySetRecord>> {
    const set = (await api.httpClient(propertySetUrl(String(params.id), params.meta as PropertySetMeta | undefined, true))).json as PropertySetResponse;
    return { data: { ...set, id: String(params.id) } };
  }

  function update<R extends RaRecord>(resource: string, params: UpdateParams): Promise<UpdateResult<R>>;
  async function update(_resource: string, params: UpdateParams<PropertySetRecord>): Promise<UpdateResult<PropertySetRecord>> {
    const body = params.data as PutPropertySetRequest;
    await api.httpClient(propertySetUrl(String(params.id), params.meta as PropertySetMeta | undefined, false), { method: 'PUT', body: JSON.stringify(body) });
    return { data: { ...params.previousData, id: String(params.id), revision: params.previousData.revision + 1 } };
  }

  return { ...createRestDataProvider(api), getOne, update };
};
