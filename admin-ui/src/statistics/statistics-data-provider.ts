import type { DataProvider, GetOneParams, GetOneResult, RaRecord } from 'ra-core';
import type { StatisticsResponse } from '@cn/contracts';
import type { ApiClient } from '../api/apiClient';
import { ADMIN_API, createRestDataProvider } from '../api/restDataProvider';

export const STATISTICS_PATH = `${ADMIN_API}/statistics`;

/** the record id names the range: `<from>_<to>` (UTC days, both included) */
export const statisticsId = (from: string, to: string): string => `${from}_${to}`;
export const statisticsPathOf = (id: string): string => {
  const [from, to] = id.split('_');
  return `${STATISTICS_PATH}?${new URLSearchParams({ from: from ?? '', to: to ?? '' }).toString()}`;
};

export type StatisticsRecord = StatisticsResponse & { id: string };

/** Statistics are read only: one record per date range. */
export const createStatisticsDataProvider = (api: ApiClient): DataProvider => {
  function getOne<R extends RaRecord>(resource: string, params: GetOneParams<R>): Promise<GetOneResult<R>>;
  async function getOne(_resource: string, params: GetOneParams): Promise<GetOneResult<StatisticsRecord>> {
    const id = String(params.id);
    const response = await api.httpClient(statisticsPathOf(id));
    return { data: { ...(response.json as StatisticsResponse), id } };
  }
  return { ...createRestDataProvider(api), getOne };
};
