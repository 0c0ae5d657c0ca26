import type { DataProvider, GetOneParams, GetOneResult, RaRecord, UpdateParams, UpdateResult } from 'ra-core';
import type { NavigationItem, NavigationResponse } from '@cn/contracts';
import type { ApiClient } from '../api/apiClient';
import { ADMIN_API, createRestDataProvider } from '../api/restDataProvider';

export const NAVIGATION_RECORD_ID = 'network';
export type NavigationRecord = NavigationResponse & { id: string };

/** only what the command takes: an item's text, link, flags and (top level only) its children */
export const navigationBodyOf = (items: readonly Partial<NavigationItem>[], revision: number) => ({
  navigation_items: items.map((item) => ({
    text: item.text ?? '',
    link: item.link ?? '',
    public: item.public === true,
    new_window: item.new_window === true,
    navigation_items: (item.navigation_items ?? []).map((child) => ({ text: child.text ?? '', link: child.link ?? '', public: child.public === true, new_window: child.new_window === true })),
  })),
  revision,
});

/** The network navigation is one record, read from the editor's path and saved at its revision. */
export const createNavigationDataProvider = (api: ApiClient): DataProvider => {
  function getOne<R extends RaRecord>(resource: string, params: GetOneParams<R>): Promise<GetOneResult<R>>;
  async function getOne(): Promise<GetOneResult<NavigationRecord>> {
    const response = await api.httpClient(`${ADMIN_API}/navigation.json`);
    return { data: { ...(response.json as NavigationResponse), id: NAVIGATION_RECORD_ID } };
  }

  function update<R extends RaRecord>(resource: string, params: UpdateParams): Promise<UpdateResult<R>>;
  async function update(_resource: string, params: UpdateParams<NavigationRecord>): Promise<UpdateResult<NavigationRecord>> {
    const next = { ...params.previousData, ...params.data };
    await api.httpClient(`${ADMIN_API}/navigation`, { method: 'PUT', body: JSON.stringify(navigationBodyOf(next.navigation_items ?? [], params.previousData.revision)) });
    return { data: { ...next, revision: params.previousData.revision + 1, id: NAVIGATION_RECORD_ID } };
  }

  return { ...createRestDataProvider(api), getOne, update };
};
