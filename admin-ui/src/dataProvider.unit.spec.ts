import type { DataProvider } from 'ra-core';
import { recordingApiClient } from './api/testing/recording-api-client';
import { createDataProvider, RESOURCES_WITH_PROVIDERS } from './dataProvider';

const stubProvider = (name: string): DataProvider =>
  ({
    getOne: (resource: string, params: { id: string }) => Promise.resolve({ data: { id: params.id, from: `${name}:${resource}` } }),
    lockMember: (resource: string, params: { id: string }) => Promise.resolve({ locked: `${resource}/${params.id}` }),
  }) as unknown as DataProvider;

describe('the console data provider', () => {
  it('builds a resource provider on its first call only, and hands it every call for that resource', async () => {
    const loads: string[] = [];
    const load = (name: string) => () => {
      loads.push(name);
      return Promise.resolve(stubProvider(name));
    };
    const provider = createDataProvider(recordingApiClient().api, { members: load('members'), settings: load('settings') });
    expect(loads).toEqual([]);

    await expect(provider.getOne('members', { id: 'm1' })).resolves.toEqual({ data: { id: 'm1', from: 'members:members' } });
    await expect(provider.getOne('members', { id: 'm2' })).resolves.toEqual({ data: { id: 'm2', from: 'members:members' } });
    expect(loads).toEqual(['members']);
    // a custom method (the member menu's commands) reaches the resource's provider too
    await expect(provider.lockMember('members', { id: 'm1' })).resolves.toEqual({ locked: 'members/m1' });
    await expect(provider.getOne('settings', { id: 'network' })).resolves.toEqual({ data: { id: 'network', from: 'settings:settings' } });
    expect(loads).toEqual(['members', 'settings']);
  });

  it('asks again for a provider that failed to load, and refuses a method the provider lacks', async () => {
    let attempts = 0;
    const provider = createDataProvider(recordingApiClient().api, {
      members: () => {
        attempts += 1;
        return attempts === 1 ? Promise.reject(new Error('chunk failed')) : Promise.resolve(stubProvider('members'));
      },
    });
    await expect(provider.getOne('members', { id: 'm1' })).rejects.toThrow('chunk failed');
    await expect(provider.getOne('members', { id: 'm1' })).resolves.toEqual({ data: { id: 'm1', from: 'members:members' } });
    expect(attempts).toBe(2);
    await expect(provider.resetEverything('members', {})).rejects.toThrow('Unknown dataProvider function: resetEverything');
  });

  it('is not a promise itself', () => {
    const provider = createDataProvider(recordingApiClient().api, {}) as unknown as { then?: unknown };
    expect(provider.then).toBeUndefined();
  });

  it('answers a resource without its own provider the simple-rest way', async () => {
    const { api, calls } = recordingApiClient({ json: { id: 'x1', name: 'X' } });
    const provider = createDataProvider(api, {});
    await expect(provider.getOne('things', { id: 'x1' })).resolves.toEqual({ data: { id: 'x1', name: 'X' } });
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['GET /administration/things/x1']);
  });

  it('loads every resource provider of the console', async () => {
    const { api } = recordingApiClient();
    expect(RESOURCES_WITH_PROVIDERS).toEqual(
      expect.arrayContaining(['audit-events', 'settings', 'members', 'legal_texts', 'membership_roles', 'apps', 'navigation', 'imprint']),
    );
    const provider = createDataProvider(api);
    for (const resource of RESOURCES_WITH_PROVIDERS) {
      // a method no provider has: the provider must load first, then the call is refused by name
      await expect(provider.noSuchMethod(resource, {})).rejects.toThrow('Unknown dataProvider function: noSuchMethod');
    }
  });
});
