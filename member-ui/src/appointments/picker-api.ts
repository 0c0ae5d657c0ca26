import { GROUP_OPTIONS_LIMIT, type GroupOptionsResponse, type MembershipRoleOptionsResponse } from '@cn/contracts';
import type { ApiClient } from '../api/client';
import { directoryApi } from '../directory/directory-api';

/** The searches behind the participant pickers. */
export const pickerApi = (api: ApiClient) => ({
  members: async (q: string) => (await directoryApi(api).members({ q, page: 1, per_page: 8 })).entries,
  groups: async (q: string) => (await api.request<GroupOptionsResponse>('GET', '/groups', { query: { q, limit: GROUP_OPTIONS_LIMIT } })).groups,
  membershipRoles: async (q: string) =>
    (await api.request<MembershipRoleOptionsResponse>('GET', '/membership_roles', { query: { q, limit: GROUP_OPTIONS_LIMIT } })).membership_roles,
});
