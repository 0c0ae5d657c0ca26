import type { DataProvider } from 'ra-core';
import type { ProjectionRebuildDto, SearchIndexSwitchDto } from '@cn/contracts';
import type { ApiClient } from '../api/apiClient';
import { createRestDataProvider } from '../api/restDataProvider';

export const PROJECTION_REBUILDS_API = '/api/v1/audit/projections/rebuilds';
export const SEARCH_INDEX_SWITCHES_API = '/api/v1/audit/projections/search-switches';
export const projectionRebuildPath = (collection: string): string => `/api/v1/audit/projections/${encodeURIComponent(collection)}/rebuilds`;

/**
 * The projections page's commands beside react-admin's methods (reached with useDataProvider(); the
 * resource comes first, then the parameters).
 */
export interface ProjectionRebuildCommands {
  /** POST …/{collection}/rebuilds (network administrators): answers the rebuild's id */
  rebuildProjection(resource: string, params: { collection: string }): Promise<{ id: string }>;
  /** GET /api/v1/audit/projections/rebuilds, newest first */
  projectionRebuilds(resource: string): Promise<ProjectionRebuildDto[]>;
  /** GET /api/v1/audit/projections/search-switches: every switch of rebuilt search indexes, newest first */
  searchIndexSwitches(resource: string): Promise<SearchIndexSwitchDto[]>;
}

/** `GET /administration/audit-events` is a plain simple-rest list (read only); the rebuilds are commands beside it. */
export const createAuditEventsDataProvider = (api: ApiClient): DataProvider & ProjectionRebuildCommands => ({
  ...createRestDataProvider(api),
  rebuildProjection: async (_resource, { collection }) => (await api.httpClient(projectionRebuildPath(collection), { method: 'POST' })).json as { id: string },
  projectionRebuilds: async () => (await api.httpClient(PROJECTION_REBUILDS_API)).json as ProjectionRebuildDto[],
  searchIndexSwitches: async () => (await api.httpClient(SEARCH_INDEX_SWITCHES_API)).json as SearchIndexSwitchDto[],
});
