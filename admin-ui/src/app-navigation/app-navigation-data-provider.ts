import type { DataProvider, GetOneParams, GetOneResult, RaRecord, UpdateParams, UpdateResult } from 'ra-core';
import { APP_NAVIGATION_ID, appNavigationResponseSchema, type AppNavigationResponse } from '@cn/contracts';
import type { ApiClient } from '../api/apiClient';
import { ADMIN_API, createRestDataProvider } from '../api/restDataProvider';
import { appNavigationBodyOf } from './app-navigation-editor';

export type AppNavigationRecord = AppNavigationResponse & { id: string };

/** The app navigation is one record (the network's), read from the editor's path and saved at its revision. */
export const createAppNavigationDataProvider = (api: ApiClient): DataProvider => {
  function getOne<R extends RaRecord>(resource: string, params: GetOneParams<R>): Promise<GetOneResult<R>>;
  async function getOne(): Promise<GetOneResult<AppNavigationRecord>> {
    const response = await api.httpClient(`${ADMIN_API}/app_navigation.json`);
    return { data: { ...appNavigationResponseSchema.parse(response.json), id: APP_NAVIGATION_ID } };
  }

  function update<R extends RaRecord>(resource: string, params: UpdateParams): Promise<UpdateResult<R>>;
  async function update(_resource: string, params: UpdateParams<AppNavigationRecord>): Promise<UpdateResult<AppNavigationRecord>> {
    const items = params.data.items ?? params.previousData.items;
    await api.httpClient(`${ADMIN_API}/app_navigation`, { method: 'PUT', body: JSON.stringify(appNavigationBodyOf(items, params.previousData.revision)) });
    return { data: { items, revision: params.previousData.revision + 1, saved: true, id: APP_NAVIGATION_ID } };
  }

  return { ...createRestDataProvider(api), getOne, update };
};
