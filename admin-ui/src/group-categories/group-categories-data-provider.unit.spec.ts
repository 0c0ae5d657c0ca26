import type { GroupCategoriesResponse } from '@cn/contracts';
import { recordingApiClient } from '../api/testing/recording-api-client';
import { createGroupCategoriesDataProvider, type GroupCategoriesRecord } from './group-categories-data-provider';
import { moved } from './categories-order';

const category = (id: string, slug: string, order: number) => ({
  id,
  slug,
  name: slug,
  plural_name: `${slug}s`,
  color: '1976d2',
  order,
  members_can_create: false,
  group_count: 0,
  can: { create: true, administrate: false },
});
const answer = (...categories: ReturnType<typeof category>[]): { json: GroupCategoriesResponse } => ({ json: { group_categories: categories } });

describe('the group categories data provider', () => {
  it('reads GET /api/v1/group_categories as the record `network`, in their order', async () => {
    const { api, calls } = recordingApiClient(answer(category('c1', 'choirs', 0), category('c2', 'boards', 1)));
    const { data } = await createGroupCategoriesDataProvider(api).getOne<GroupCategoriesRecord>('group-categories', { id: 'network' });
    expect(calls).toEqual([{ url: '/api/v1/group_categories', method: 'GET', body: undefined }]);
    expect(data.categories.map((entry) => entry.slug)).toEqual(['choirs', 'boards']);
  });

  it('POSTs the new categories, then PUTs the whole order by slug, then reads them again', async () => {
    const after = answer(category('c2', 'boards', 0), category('c3', 'clubs', 1), category('c1', 'choirs', 2));
    const { api, calls } = recordingApiClient({ json: { id: 'c3', position: 7 } }, after, { json: undefined }, after);
    const previousData: GroupCategoriesRecord = { id: 'network', categories: [{ id: 'c1', slug: 'choirs', name: 'c', plural_name: 'choirs', color: '1976d2', members_can_create: false }] };
    const data: GroupCategoriesRecord = {
      id: 'network',
      categories: [
        { id: 'c2', slug: 'boards', name: 'b', plural_name: 'boards', color: '1976d2', members_can_create: false },
        { name: 'Club', plural_name: 'Clubs', color: '1976d2', members_can_create: true },
        { id: 'c1', slug: 'choirs', name: 'c', plural_name: 'choirs', color: '1976d2', members_can_create: false },
      ],
    };
    const result = await createGroupCategoriesDataProvider(api).update<GroupCategoriesRecord>('group-categories', { id: 'network', data, previousData });
    expect(calls.map((call) => [call.method, call.url])).toEqual([
      ['POST', '/administration/group-categories'],
      ['GET', '/api/v1/group_categories'],
      ['PUT', '/administration/group-categories/order'],
      ['GET', '/api/v1/group_categories'],
    ]);
    expect(calls[0].body).toEqual({ category: { name: 'Club', plural_name: 'Clubs', color: '1976d2', members_can_create: true } });
    expect(calls[2].body).toEqual({ order: ['boards', 'clubs', 'choirs'] });
    expect(result.data.categories.map((entry) => entry.slug)).toEqual(['boards', 'clubs', 'choirs']);
  });

  it('moves a category up and down within the list', () => {
    expect(moved(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
  });
});
