import type { DataProvider, GetOneParams, GetOneResult, RaRecord, UpdateParams, UpdateResult } from 'ra-core';
import type { FileSettings } from '@cn/contracts';
import type { ApiClient } from '../api/apiClient';
import { createRestDataProvider } from '../api/restDataProvider';

export const FILE_SETTINGS_RECORD_ID = 'network';
export const FILE_SETTINGS_PATH = '/api/storage/settings';

/** the form's record: the settings, with the extension list as the one line an administrator types */
export type FileSettingsRecord = Omit<FileSettings, 'extension_filter'> & { id: string; extension_filter: Omit<FileSettings['extension_filter'], 'list'> & { list: string } };

export const fileSettingsRecordOf = (settings: FileSettings): FileSettingsRecord => ({
  ...settings,
  id: FILE_SETTINGS_RECORD_ID,
  extension_filter: { ...settings.extension_filter, list: settings.extension_filter.list.join(', ') },
});

/** what PUT /api/storage/settings takes: every setting, the list split at commas and spaces */
export const fileSettingsBodyOf = (record: Omit<FileSettingsRecord, 'id'>): FileSettings => ({
  extension_filter: {
    enabled: record.extension_filter.enabled === true,
    type: record.extension_filter.type,
    list: record.extension_filter.list
      .split(/[\s,;]+/)
      .map((entry) => entry.trim().replace(/^\./, ''))
      .filter((entry) => entry !== ''),
  },
  lock_period_days: Number(record.lock_period_days),
  profiles_enabled: record.profiles_enabled === true,
});

/** The files area's settings are one record (id `network`), read and saved whole. */
export const createFileSettingsDataProvider = (api: ApiClient): DataProvider => {
  function getOne<R extends RaRecord>(resource: string, params: GetOneParams<R>): Promise<GetOneResult<R>>;
  async function getOne(): Promise<GetOneResult<FileSettingsRecord>> {
    return { data: fileSettingsRecordOf((await api.httpClient(FILE_SETTINGS_PATH)).json as FileSettings) };
  }

  function update<R extends RaRecord>(resource: string, params: UpdateParams): Promise<UpdateResult<R>>;
  async function update(_resource: string, params: UpdateParams<FileSettingsRecord>): Promise<UpdateResult<FileSettingsRecord>> {
    const body = fileSettingsBodyOf({ ...params.previousData, ...params.data });
    await api.httpClient(FILE_SETTINGS_PATH, { method: 'PUT', body: JSON.stringify(body) });
    return { data: fileSettingsRecordOf(body) };
  }

  return { ...createRestDataProvider(api), getOne, update };
};
