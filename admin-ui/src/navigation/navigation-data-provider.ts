import type { DataProvider, GetOneParams, GetOneResult, RaRecord, UpdateParams, UpdateResult } from 'ra-core';
import { navigationBodyOf, navigationLinkTypesOffered, type NavigationLinkType, type NavigationResponse } from '@cn/contracts';
import type { ApiClient } from '../api/apiClient';
import { ADMIN_API, createRestDataProvider } from '../api/restDataProvider';

export const NAVIGATION_RECORD_ID = 'network';
export type NavigationRecord = NavigationResponse & { id: string };

/** the link types the editor offers: pages and apps only when the network has any (spec: "offered only if available") */
export const linkTypeChoices = (available: { pages: number; apps: number }): Array<{ id: NavigationLinkType; name: string }> =>
  navigationLinkTypesOffered(available).map((type) => ({ id: type, name: `resources.navigation.link_types.${type}` }));

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
