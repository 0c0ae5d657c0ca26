import type { DataProvider } from 'ra-core';
import type { ApiClient } from '../api/apiClient';
import { createRestDataProvider } from '../api/restDataProvider';

/** `GET /administration/audit-events` is a plain simple-rest list (read only): nothing to override. */
export const createAuditEventsDataProvider = (api: ApiClient): DataProvider => createRestDataProvider(api);
