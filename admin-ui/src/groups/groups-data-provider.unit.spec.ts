import { recordingApiClient } from '../api/testing/recording-api-client';
import { createGroupsDataProvider } from './groups-data-provider';

const choir = { id: 'g-choir', slug: 'choir', name: 'Choir', access: 'open', member_count: 12 };
const garden = { id: 'g-garden', slug: 'garden', name: 'Garden', access: 'closed', member_count: 3 };

describe('the groups data provider (pickers only)', () => {
  it('searches the groups by name through GET /groups?q=', async () => {
    const { api, calls } = recordingApiClient({ json: { groups: [choir] } });
    const result = await createGroupsDataProvider(api).getList('groups', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'name', order: 'ASC' },
      filter: { q: 'cho' },
    });
    const url = new URL(calls[0]?.url ?? '', 'http://console');
    expect(url.pathname).toBe('/groups');
    expect(url.searchParams.get('q')).toBe('cho');
    expect(url.searchParams.get('limit')).toBe('25');
    expect(result).toEqual({ data: [choir], total: 1 });
  });

  it('finds the chosen ids among the groups, and keeps one it no longer finds under its id', async () => {
    const { api, calls } = recordingApiClient({ json: { groups: [choir, garden] } });
    const result = await createGroupsDataProvider(api).getMany('groups', { ids: ['g-garden', 'g-gone'] });
    expect(new URL(calls[0]?.url ?? '', 'http://console').searchParams.get('limit')).toBe('50');
    expect(result.data).toEqual([garden, { id: 'g-gone', name: 'g-gone' }]);
  });

  it('asks nothing for an empty choice', async () => {
    const { api, calls } = recordingApiClient();
    expect(await createGroupsDataProvider(api).getMany('groups', { ids: [] })).toEqual({ data: [] });
    expect(calls).toHaveLength(0);
  });
});
