import { recordingApiClient } from '../api/testing/recording-api-client';
import { createTagsDataProvider } from './tags-data-provider';

const garden = { id: 'tag-1', name: 'Garden', parents: ['a1/p'], item_count: 2, updated_at: '2026-12-06T10:00:00.000Z' };

describe('the tags data provider', () => {
  it('lists GET /administration/tags the simple-rest way, with search, sort, range and the total of Content-Range', async () => {
    const { api, calls } = recordingApiClient({ json: [garden], headers: { 'Content-Range': 'tags 0-0/1' } });
    const result = await createTagsDataProvider(api).getList('tags', { pagination: { page: 1, perPage: 25 }, sort: { field: 'item_count', order: 'DESC' }, filter: { q: 'gar' } });
    expect(result).toEqual({ data: [garden], total: 1 });
    const url = new URL(calls[0].url, 'http://console');
    expect(url.pathname).toBe('/administration/tags');
    expect(JSON.parse(url.searchParams.get('filter') ?? '')).toEqual({ q: 'gar' });
    expect(JSON.parse(url.searchParams.get('sort') ?? '')).toEqual(['item_count', 'DESC']);
    expect(JSON.parse(url.searchParams.get('range') ?? '')).toEqual([0, 24]);
  });

  it('renames with PUT and only the name, never counts or parents', async () => {
    const { api, calls } = recordingApiClient({ json: { position: 7 } });
    const result = await createTagsDataProvider(api).update('tags', { id: 'tag-1', data: { ...garden, name: 'Gardening' }, previousData: garden });
    expect(calls).toEqual([{ url: '/administration/tags/tag-1', method: 'PUT', body: { name: 'Gardening' } }]);
    expect(result.data.name).toBe('Gardening');
  });

  it('merges with POST …/merge naming the tag it goes into, and deletes with DELETE', async () => {
    const { api, calls } = recordingApiClient({ json: { position: 8 } }, { json: { position: 9 } });
    const provider = createTagsDataProvider(api);
    await provider.mergeTags('tags', { id: 'tag-1', into: 'tag-2' });
    await provider.delete('tags', { id: 'tag 3', previousData: { ...garden, id: 'tag 3' } });
    expect(calls).toEqual([
      { url: '/administration/tags/tag-1/merge', method: 'POST', body: { into: 'tag-2' } },
      { url: '/administration/tags/tag%203', method: 'DELETE', body: undefined },
    ]);
  });

  it('passes a refusal on (react-admin shows it), sending nothing more', async () => {
    const { api, calls } = recordingApiClient(Object.assign(new Error('tag_name_taken'), { status: 409 }));
    await expect(createTagsDataProvider(api).update('tags', { id: 'tag-1', data: { name: 'Kids' }, previousData: garden })).rejects.toMatchObject({ status: 409 });
    expect(calls).toHaveLength(1);
  });
});
