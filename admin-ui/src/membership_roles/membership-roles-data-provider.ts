import type { CreateParams, CreateResult, DataProvider, DeleteParams, DeleteResult, RaRecord, UpdateParams, UpdateResult } from 'ra-core';
import type { ApiClient } from '../api/apiClient';
import { ADMIN_API, createRestDataProvider } from '../api/restDataProvider';

export const MEMBERSHIP_ROLES_PATH = `${ADMIN_API}/membership_roles`;

interface MembershipRoleForm {
  name?: unknown;
  plural_name?: unknown;
  color?: unknown;
  text_color?: unknown;
  member_ids?: unknown;
  revision?: unknown;
}

const ids = (value: unknown): unknown => (Array.isArray(value) ? value : []);

/** what a new role sends: never a slug (the server makes it) */
export const createBodyOf = (data: MembershipRoleForm) => ({
  name: data.name,
  plural_name: data.plural_name,
  ...(typeof data.color === 'string' && data.color !== '' ? { color: data.color } : {}),
  ...(typeof data.text_color === 'string' && data.text_color !== '' ? { text_color: data.text_color } : {}),
  member_ids: ids(data.member_ids),
});

/** what an edit sends: the whole role with its members, at the revision the record was read at, never its slug or counts */
export const editBodyOf = (data: MembershipRoleForm) => ({
  name: data.name,
  plural_name: data.plural_name,
  color: data.color,
  text_color: data.text_color,
  member_ids: ids(data.member_ids),
  revision: data.revision,
});

/** Lists and reads the simple-rest way; create, edit and delete send only what the commands take. */
export const createMembershipRolesDataProvider = (api: ApiClient): DataProvider => {
  const rest = createRestDataProvider(api);

  function create<R extends RaRecord>(resource: string, params: CreateParams): Promise<CreateResult<R>>;
  async function create(_resource: string, params: CreateParams<MembershipRoleForm>): Promise<CreateResult<RaRecord>> {
    const response = await api.httpClient(MEMBERSHIP_ROLES_PATH, { method: 'POST', body: JSON.stringify(createBodyOf(params.data)) });
    return { data: { ...params.data, id: (response.json as { id: string }).id } };
  }

  function update<R extends RaRecord>(resource: string, params: UpdateParams): Promise<UpdateResult<R>>;
  async function update(_resource: string, params: UpdateParams<RaRecord & MembershipRoleForm>): Promise<UpdateResult<RaRecord>> {
    const id = String(params.id);
    await api.httpClient(`${MEMBERSHIP_ROLES_PATH}/${encodeURIComponent(id)}`, { method: 'PUT', body: JSON.stringify(editBodyOf({ ...params.previousData, ...params.data })) });
    return { data: { ...params.previousData, ...params.data, id } };
  }

  function remove<R extends RaRecord>(resource: string, params: DeleteParams<R>): Promise<DeleteResult<R>>;
  async function remove(_resource: string, params: DeleteParams<RaRecord>): Promise<DeleteResult<RaRecord>> {
    await api.httpClient(`${MEMBERSHIP_ROLES_PATH}/${encodeURIComponent(String(params.id))}`, { method: 'DELETE' });
    return { data: params.previousData ?? { id: params.id } };
  }

  return { ...rest, create, update, delete: remove };
};
