import type { DataProvider, GetOneParams, GetOneResult, RaRecord, UpdateParams, UpdateResult } from 'ra-core';
import { appointmentCategoriesResponseSchema } from '@cn/contracts';
import type { ApiClient } from '../api/apiClient';
import { ADMIN_API, createRestDataProvider } from '../api/restDataProvider';
import { CATEGORIES_RECORD_ID, categoriesChangeOf, type CategoriesRecord } from './categoriesChange';

/** Read where members read them (built-in and custom); changed through the administration path. */
export const CATEGORIES_PATH = '/appointments/categories';
export const CATEGORIES_CHANGE_PATH = `${ADMIN_API}/appointment_categories`;

/**
 * The custom appointment categories are one record (id `network`): read from the members' list of
 * categories (the custom ones only), saved as the whole list with the removed ones marked `_destroy`,
 * then read again.
 */
export const createAppointmentCategoriesDataProvider = (api: ApiClient): DataProvider => {
  const readCategories = async (): Promise<GetOneResult<CategoriesRecord>> => {
    const response = await api.httpClient(CATEGORIES_PATH);
    const { categories } = appointmentCategoriesResponseSchema.parse(response.json);
    const custom = categories.filter((category) => category.custom).map(({ id, label }) => ({ id, label }));
    return { data: { id: CATEGORIES_RECORD_ID, custom_categories: custom } };
  };

  // react-admin lets the caller name the record type; this provider only ever answers CategoriesRecord.
  function getOne<R extends RaRecord>(resource: string, params: GetOneParams<R>): Promise<GetOneResult<R>>;
  function getOne(): Promise<GetOneResult<CategoriesRecord>> {
    return readCategories();
  }

  function update<R extends RaRecord>(resource: string, params: UpdateParams): Promise<UpdateResult<R>>;
  async function update(_resource: string, params: UpdateParams<CategoriesRecord>): Promise<UpdateResult<CategoriesRecord>> {
    const previous = (params.previousData.custom_categories ?? []).flatMap((category) => (category.id ? [{ id: category.id, label: category.label }] : []));
    await api.httpClient(CATEGORIES_CHANGE_PATH, { method: 'PUT', body: JSON.stringify(categoriesChangeOf(previous, params.data.custom_categories ?? [])) });
    return readCategories();
  }

  return { ...createRestDataProvider(api), getOne, update };
};
