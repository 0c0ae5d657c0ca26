import type { DataProvider, GetOneParams, GetOneResult, RaRecord, UpdateParams, UpdateResult } from 'ra-core';
import { groupCategoriesResponseSchema } from '@cn/contracts';
import type { ApiClient } from '../api/apiClient';
import { ADMIN_API, createRestDataProvider } from '../api/restDataProvider';

/** The one record of this resource: the network's group categories in their order (the directory tabs). */
export const GROUP_CATEGORIES_RECORD_ID = 'network';

export interface GroupCategoryEntry {
  /** absent for a category added on the page and not saved yet */
  id?: string;
  slug?: string;
  name: string;
  plural_name: string;
  color: string;
  members_can_create: boolean;
}

export interface GroupCategoriesRecord {
  id: typeof GROUP_CATEGORIES_RECORD_ID;
  categories: GroupCategoryEntry[];
}

export const GROUP_CATEGORIES_PATH = '/api/v1/group_categories';
export const GROUP_CATEGORIES_CREATE_PATH = `${ADMIN_API}/group-categories`;
export const GROUP_CATEGORIES_ORDER_PATH = `${ADMIN_API}/group-categories/order`;

/**
 * Read where members read them (administrators see every category); saved as the new categories (POST
 * each) and then the whole order by slug (PUT …/order, 204), then read again.
 */
export const createGroupCategoriesDataProvider = (api: ApiClient): DataProvider => {
  const read = async (): Promise<GroupCategoriesRecord> => {
    const response = await api.httpClient(GROUP_CATEGORIES_PATH);
    const { group_categories } = groupCategoriesResponseSchema.parse(response.json);
    return {
      id: GROUP_CATEGORIES_RECORD_ID,
      categories: group_categories.map(({ id, slug, name, plural_name, color, members_can_create }) => ({ id, slug, name, plural_name, color, members_can_create })),
    };
  };

  function getOne<R extends RaRecord>(resource: string, params: GetOneParams<R>): Promise<GetOneResult<R>>;
  async function getOne(): Promise<GetOneResult<GroupCategoriesRecord>> {
    return { data: await read() };
  }

  function update<R extends RaRecord>(resource: string, params: UpdateParams): Promise<UpdateResult<R>>;
  async function update(_resource: string, params: UpdateParams<GroupCategoriesRecord>): Promise<UpdateResult<GroupCategoriesRecord>> {
    const wanted = params.data.categories ?? [];
    const ids: string[] = [];
    for (const category of wanted) {
      if (category.id) {
        ids.push(category.id);
        continue;
      }
      const { name, plural_name, color, members_can_create } = category;
      const created = await api.httpClient(GROUP_CATEGORIES_CREATE_PATH, { method: 'POST', body: JSON.stringify({ category: { name, plural_name, color, members_can_create } }) });
      ids.push((created.json as { id: string }).id);
    }
    const saved = await read();
    const slugOf = new Map(saved.categories.map((category) => [category.id, category.slug]));
    const order = ids.flatMap((id) => {
      const slug = slugOf.get(id);
      return slug ? [slug] : [];
    });
    if (order.length > 0) await api.httpClient(GROUP_CATEGORIES_ORDER_PATH, { method: 'PUT', body: JSON.stringify({ order }) });
    return { data: await read() };
  }

  return { ...createRestDataProvider(api), getOne, update };
};
