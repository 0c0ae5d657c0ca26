import { DEFAULT_NETWORK_SETTINGS } from '@cn/contracts';
import { recordingApiClient } from '../api/testing/recording-api-client';
import { createSettingsDataProvider } from './settings-data-provider';
import { toSettingsRecord, type SettingsRecord } from './settingsDiff';

describe('the settings data provider', () => {
  it('reads GET /administration/settings as the record `network`, missing fields filled with the defaults', async () => {
    const stored = structuredClone(DEFAULT_NETWORK_SETTINGS);
    stored.basic.name = 'Nachbarschaft';
    const { api, calls } = recordingApiClient({ json: { ...stored, member: { ...stored.member, zoom_level: undefined } } });
    const { data } = await createSettingsDataProvider(api).getOne<SettingsRecord>('settings', { id: 'network' });
    expect(calls).toEqual([{ url: '/administration/settings', method: 'GET', body: undefined }]);
    expect(data.id).toBe('network');
    expect(data.basic.name).toBe('Nachbarschaft');
    expect(data.member.zoom_level).toBe(DEFAULT_NETWORK_SETTINGS.member.zoom_level);
  });

  it('PUTs only the changed tabs and fields, and answers the form’s values as the record', async () => {
    const { api, calls } = recordingApiClient({ json: { position: 5 }, headers: { 'X-Consistency-Position': '5' } });
    const previousData = toSettingsRecord(DEFAULT_NETWORK_SETTINGS);
    const data = structuredClone(previousData);
    data.basic.name = 'Neues Netz';
    data.member.show_map = !previousData.member.show_map;
    const result = await createSettingsDataProvider(api).update<SettingsRecord>('settings', { id: 'network', data, previousData });
    expect(calls).toEqual([
      { url: '/administration/settings', method: 'PUT', body: { basic: { name: 'Neues Netz' }, member: { show_map: data.member.show_map } } },
    ]);
    expect(result.data).toEqual(data);
  });

  it('sends nothing for an unchanged form and answers the record as it was', async () => {
    const { api, calls } = recordingApiClient();
    const previousData = toSettingsRecord(DEFAULT_NETWORK_SETTINGS);
    const result = await createSettingsDataProvider(api).update<SettingsRecord>('settings', { id: 'network', data: structuredClone(previousData), previousData });
    expect(calls).toEqual([]);
    expect(result.data).toEqual(previousData);
  });

  it('sends the test birthday mail with POST /administration/settings/send_test_birthday_email and no body', async () => {
    const { api, calls } = recordingApiClient({ status: 204 });
    await createSettingsDataProvider(api).sendTestBirthdayMail('settings');
    expect(calls).toEqual([{ url: '/administration/settings/send_test_birthday_email', method: 'POST', body: undefined }]);
  });
});
