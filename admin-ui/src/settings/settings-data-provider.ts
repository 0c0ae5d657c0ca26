import type { DataProvider, GetOneParams, GetOneResult, RaRecord, UpdateParams, UpdateResult } from 'ra-core';
import type { ApiClient } from '../api/apiClient';
import { ADMIN_API, createRestDataProvider } from '../api/restDataProvider';
import { diffSettings, hasChanges, settingsOf, toSettingsRecord, type SettingsRecord } from './settingsDiff';

export const SETTINGS_PATH = `${ADMIN_API}/settings`;

/**
 * The network settings are one document behind their own path (`GET /administration/settings`), saved
 * as a diff of the changed tabs and fields (`PUT`, nothing sent for an unchanged form).
 */
export const createSettingsDataProvider = (api: ApiClient): DataProvider => {
  // react-admin lets the caller name the record type; this provider only ever answers settings records,
  // so each method is declared with react-admin's generic signature and implemented for SettingsRecord.
  function getOne<R extends RaRecord>(resource: string, params: GetOneParams<R>): Promise<GetOneResult<R>>;
  async function getOne(): Promise<GetOneResult<SettingsRecord>> {
    const response = await api.httpClient(SETTINGS_PATH);
    return { data: toSettingsRecord(response.json) };
  }

  function update<R extends RaRecord>(resource: string, params: UpdateParams): Promise<UpdateResult<R>>;
  async function update(_resource: string, params: UpdateParams<SettingsRecord>): Promise<UpdateResult<SettingsRecord>> {
    const previous = settingsOf(params.previousData);
    const next = settingsOf({ ...params.previousData, ...params.data });
    const changes = diffSettings(previous, next);
    if (hasChanges(changes)) {
      await api.httpClient(SETTINGS_PATH, { method: 'PUT', body: JSON.stringify(changes) });
    }
    return { data: toSettingsRecord(next) };
  }

  return { ...createRestDataProvider(api), getOne, update };
};
