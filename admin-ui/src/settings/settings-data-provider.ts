import type { DataProvider, GetOneParams, GetOneResult, RaRecord, UpdateParams, UpdateResult } from 'ra-core';
import type { ApiClient } from '../api/apiClient';
import { ADMIN_API, createRestDataProvider } from '../api/restDataProvider';
import { diffSettings, hasChanges, settingsOf, toSettingsRecord, type SettingsRecord } from './settingsDiff';

export const SETTINGS_PATH = `${ADMIN_API}/settings`;
export const TEST_BIRTHDAY_MAIL_PATH = `${SETTINGS_PATH}/send_test_birthday_email`;

/** what the settings resource does beyond react-admin's methods */
export interface SettingsCommands {
  /** mails the saved birthday mail to the signed-in administrator (`POST …/send_test_birthday_email`, 204) */
  sendTestBirthdayMail(resource: string): Promise<void>;
}

/**
 * The network settings are one document behind their own path (`GET /administration/settings`), saved
 * as a diff of the changed tabs and fields (`PUT`, nothing sent for an unchanged form).
 */
export const createSettingsDataProvider = (api: ApiClient): DataProvider & SettingsCommands => {
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

  const sendTestBirthdayMail = async (): Promise<void> => {
    await api.httpClient(TEST_BIRTHDAY_MAIL_PATH, { method: 'POST' });
  };

  return { ...createRestDataProvider(api), getOne, update, sendTestBirthdayMail };
};
