import type { DataProvider, GetListResult, GetOneParams, GetOneResult, RaRecord, UpdateParams, UpdateResult } from 'ra-core';
import type { Widget, WidgetBarCalendarsResponse, WidgetBarListResponse, WidgetBarResponse } from '@cn/contracts';
import type { ApiClient } from '../api/apiClient';
import { ADMIN_API, createRestDataProvider } from '../api/restDataProvider';

export type WidgetBarRecord = WidgetBarResponse & { id: string };

/** the PUT body: the widgets in order and the revision the editor read */
export const widgetBarBodyOf = (widgets: readonly Widget[], revision: number) => ({ widgetbar: { widgets: widgets.map(({ type, properties }) => ({ type, properties })) }, revision });

const barPath = (slug: string): string => `${ADMIN_API}/widgetbars/${encodeURIComponent(slug)}.json`;

/** The network's widget bars: a list of slugs, each bar read and saved at its revision. */
/** the provider with the editor's calendars (the appointments widget's choices) */
export type WidgetBarsDataProvider = DataProvider & { getCalendars: (resource: string) => Promise<WidgetBarCalendarsResponse> };

export const createWidgetBarsDataProvider = (api: ApiClient): WidgetBarsDataProvider => {
  async function getList(): Promise<GetListResult<WidgetBarRecord>> {
    const { widgetbars } = (await api.httpClient(`${ADMIN_API}/widgetbars.json`)).json as WidgetBarListResponse;
    return { data: widgetbars.map((bar) => ({ ...bar, id: bar.slug })), total: widgetbars.length };
  }

  function getOne<R extends RaRecord>(resource: string, params: GetOneParams<R>): Promise<GetOneResult<R>>;
  async function getOne(_resource: string, params: GetOneParams<WidgetBarRecord>): Promise<GetOneResult<WidgetBarRecord>> {
    const bar = (await api.httpClient(barPath(String(params.id)))).json as WidgetBarResponse;
    return { data: { ...bar, id: bar.slug } };
  }

  function update<R extends RaRecord>(resource: string, params: UpdateParams): Promise<UpdateResult<R>>;
  async function update(_resource: string, params: UpdateParams<WidgetBarRecord>): Promise<UpdateResult<WidgetBarRecord>> {
    const widgets = (params.data.widgets ?? params.previousData.widgets) as Widget[];
    await api.httpClient(barPath(String(params.id)), { method: 'PUT', body: JSON.stringify(widgetBarBodyOf(widgets, params.previousData.revision)) });
    return { data: { ...params.previousData, widgets, revision: params.previousData.revision + 1, id: String(params.id) } };
  }

  const getCalendars = async (): Promise<WidgetBarCalendarsResponse> => (await api.httpClient(`${ADMIN_API}/widgetbars/calendars.json`)).json as WidgetBarCalendarsResponse;

  return { ...createRestDataProvider(api), getList: getList as DataProvider['getList'], getOne, update, getCalendars };
};
