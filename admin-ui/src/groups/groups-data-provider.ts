import type { DataProvider, GetListParams, GetListResult, GetManyParams, GetManyResult, Identifier, RaRecord } from 'ra-core';
import { GROUP_OPTIONS_LIMIT_MAX, groupOptionsResponseSchema, type GroupOptionDto } from '@cn/contracts';
import type { ApiClient } from '../api/apiClient';
import { createRestDataProvider } from '../api/restDataProvider';

/** The participant picker's group search (GET /groups?q=&limit=), which network administrators see whole. */
export const GROUPS_PATH = '/groups';

/**
 * Groups for the pickers only (settings → group promotion): there is no administration list of
 * groups, so `getList` is the name search and `getMany` looks the chosen ids up among the groups the
 * search answers (at most GROUP_OPTIONS_LIMIT_MAX). A chosen group it no longer answers (deleted, or
 * beyond that limit) comes back under its id, so that the setting still shows and keeps it.
 */
export const createGroupsDataProvider = (api: ApiClient): DataProvider => {
  const search = async (q: string, limit: number): Promise<GroupOptionDto[]> => {
    const query = new URLSearchParams({ q: q.trim().slice(0, 100), limit: String(Math.min(Math.max(limit, 1), GROUP_OPTIONS_LIMIT_MAX)) });
    const response = await api.httpClient(`${GROUPS_PATH}?${query.toString()}`);
    return groupOptionsResponseSchema.parse(response.json).groups;
  };

  // react-admin lets the caller name the record type; this provider only ever answers groups.
  function getList<R extends RaRecord>(resource: string, params: GetListParams): Promise<GetListResult<R>>;
  async function getList(_resource: string, params: GetListParams): Promise<GetListResult<GroupOptionDto>> {
    const filter = params.filter as Record<string, unknown> | undefined;
    const q = filter?.q;
    const groups = await search(typeof q === 'string' ? q : '', params.pagination?.perPage ?? GROUP_OPTIONS_LIMIT_MAX);
    return { data: groups, total: groups.length };
  }

  function getMany<R extends RaRecord>(resource: string, params: GetManyParams<R>): Promise<GetManyResult<R>>;
  async function getMany(_resource: string, params: GetManyParams<RaRecord>): Promise<GetManyResult<RaRecord>> {
    const ids: Identifier[] = params.ids;
    if (ids.length === 0) return { data: [] };
    const known = new Map((await search('', GROUP_OPTIONS_LIMIT_MAX)).map((group) => [group.id, group]));
    return { data: ids.map((id) => known.get(String(id)) ?? { id, name: String(id) }) };
  }

  return { ...createRestDataProvider(api), getList, getMany };
};
