import type { DataProvider } from 'ra-core';
import type { ApiClient } from '../api/apiClient';
import { ADMIN_API, createRestDataProvider } from '../api/restDataProvider';

/** The list the simple-rest way (`GET /administration/change_requests`), plus the administrators' answer. */
export interface ChangeRequestsDataProvider extends DataProvider {
  answer: (resource: 'change_requests', params: { id: string; accept: boolean }) => Promise<{ data: { position: number } }>;
}

export const changeRequestAnswerPath = (id: string, accept: boolean): string =>
  `${ADMIN_API}/change_requests/${encodeURIComponent(id)}/${accept ? 'accept' : 'reject'}`;

export const createChangeRequestsDataProvider = (api: ApiClient): ChangeRequestsDataProvider => ({
  ...createRestDataProvider(api),
  answer: async (_resource, { id, accept }) => {
    const response = await api.httpClient(changeRequestAnswerPath(id, accept), { method: 'POST', body: '{}' });
    return { data: response.json as { position: number } };
  },
});
