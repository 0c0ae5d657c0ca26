import { DEFAULT_FILE_SETTINGS } from '@cn/contracts';
import type { ApiClient } from '../api/apiClient';
import { createFileSettingsDataProvider, fileSettingsBodyOf, fileSettingsRecordOf } from './file-settings-data-provider';

describe('file settings data provider', () => {
  it('shows the extension list as one line and sends it back as a list, with profiles switched as the form says', () => {
    const record = fileSettingsRecordOf({ extension_filter: { enabled: true, type: 'deny', list: ['exe', 'bat'] }, lock_period_days: 3, profiles_enabled: false });
    expect(record).toEqual({ id: 'network', extension_filter: { enabled: true, type: 'deny', list: 'exe, bat' }, lock_period_days: 3, profiles_enabled: false });
    expect(fileSettingsBodyOf({ ...record, extension_filter: { ...record.extension_filter, list: ' .exe,bat;  cmd ' }, profiles_enabled: true })).toEqual({
      extension_filter: { enabled: true, type: 'deny', list: ['exe', 'bat', 'cmd'] },
      lock_period_days: 3,
      profiles_enabled: true,
    });
  });

  it('reads GET /api/storage/settings and saves every setting with PUT', async () => {
    const calls: Array<{ url: string; method: string; body: unknown }> = [];
    const api = {
      httpClient: (url: string, options: { method?: string; body?: string } = {}) => {
        calls.push({ url, method: options.method ?? 'GET', body: options.body === undefined ? undefined : JSON.parse(options.body) });
        return Promise.resolve({ json: DEFAULT_FILE_SETTINGS, status: 200, headers: new Headers(), body: '' });
      },
    } as unknown as ApiClient;
    const provider = createFileSettingsDataProvider(api);
    const { data } = await provider.getOne('file_settings', { id: 'network' });
    expect(data).toMatchObject({ id: 'network', profiles_enabled: false, extension_filter: { list: '' } });
    await provider.update('file_settings', { id: 'network', data: { profiles_enabled: true }, previousData: data });
    expect(calls.at(-1)).toEqual({
      url: '/api/storage/settings',
      method: 'PUT',
      body: { extension_filter: { enabled: false, type: 'deny', list: [] }, lock_period_days: 7, profiles_enabled: true },
    });
  });
});
