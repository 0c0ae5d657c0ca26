import { DEFAULT_NETWORK_SETTINGS, type NetworkSettings } from '@cn/contracts';
import type { ApiClient, HttpClient } from '../api/apiClient';
import { createDataProvider } from '../dataProvider';
import { diffSettings, toSettingsRecord, type SettingsRecord } from './settingsDiff';

const settings = (): NetworkSettings => structuredClone(DEFAULT_NETWORK_SETTINGS);

describe('diffSettings', () => {
  it('answers nothing when nothing changed', () => {
    expect(diffSettings(settings(), settings())).toEqual({});
  });

  it('sends only the changed tabs and, inside them, only the changed fields', () => {
    const next = settings();
    next.basic.name = 'Neues Netz';
    next.mail.digests.max_upcoming_appointments = 7;
    expect(diffSettings(settings(), next)).toEqual({
      basic: { name: 'Neues Netz' },
      mail: { digests: { enabled: true, max_upcoming_appointments: 7 } },
    });
  });

  it('sends a changed nested object (the map address) whole, and compares arrays by value', () => {
    const previous = settings();
    previous.member.directory_profile_fields = ['city'];
    const next = settings();
    next.member.directory_profile_fields = ['city'];
    next.member.show_map = true;
    next.member.network_location = { street: 'Hauptstr.', number: '1', zip: '12345', city: 'Berlin', country: '' };
    expect(diffSettings(previous, next)).toEqual({
      member: { show_map: true, network_location: next.member.network_location },
    });
  });
});

describe('settings through the data provider', () => {
  const setup = () => {
    const calls: { url: string; method: string; body: unknown }[] = [];
    const httpClient: HttpClient = (url, options = {}) => {
      calls.push({ url, method: options.method ?? 'GET', body: typeof options.body === 'string' ? JSON.parse(options.body) : undefined });
      const json: unknown = options.method === 'PUT' ? { position: 42 } : DEFAULT_NETWORK_SETTINGS;
      return Promise.resolve({ status: 200, headers: new Headers(), body: JSON.stringify(json), json });
    };
    const api: ApiClient = {
      httpClient,
      network: () => Promise.reject(new Error('not used')),
      forgetSession: () => undefined,
      lastPosition: () => null,
    };
    return { calls, dataProvider: createDataProvider(api) };
  };

  it('reads GET /administration/settings as the record `network`, filled with defaults', async () => {
    const { calls, dataProvider } = setup();
    const { data } = await dataProvider.getOne<SettingsRecord>('settings', { id: 'network' });
    expect(calls).toEqual([{ url: '/administration/settings', method: 'GET', body: undefined }]);
    expect(data.id).toBe('network');
    expect(data.member.zoom_level).toBe(10);
  });

  it('PUTs only the changed tab and field', async () => {
    const { calls, dataProvider } = setup();
    const previousData = toSettingsRecord(DEFAULT_NETWORK_SETTINGS);
    const data = structuredClone(previousData);
    data.member.two_factor = 'enforced';
    const result = await dataProvider.update<SettingsRecord>('settings', { id: 'network', data, previousData });
    expect(calls).toEqual([{ url: '/administration/settings', method: 'PUT', body: { member: { two_factor: 'enforced' } } }]);
    expect(result.data.member.two_factor).toBe('enforced');
  });

  it('does not call the server for an unchanged form', async () => {
    const { calls, dataProvider } = setup();
    const previousData = toSettingsRecord(DEFAULT_NETWORK_SETTINGS);
    await dataProvider.update<SettingsRecord>('settings', { id: 'network', data: structuredClone(previousData), previousData });
    expect(calls).toEqual([]);
  });

  it('posts a new member in the user envelope', async () => {
    const { calls, dataProvider } = setup();
    await dataProvider.create('members', { data: { email: ' new@example.org ', send_welcome_mail: true } });
    expect(calls[0]).toEqual({
      url: '/administration/members',
      method: 'POST',
      body: { user: { email: 'new@example.org', password: '', send_welcome_mail: true, profile_id: null } },
    });
  });
});
