import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider } from 'ra-core';
import type { ApiClient } from './apiClient';

/** Administration resources live under /administration (ra-data-simple-rest dialect, same origin). */
export const ADMIN_API = '/administration';

/**
 * ra-data-simple-rest through the api client: what a resource does not override, it answers the
 * simple-rest way (`GET /administration/<resource>?sort=…&range=…&filter=…`, `Content-Range`).
 */
export const createRestDataProvider = (api: ApiClient): DataProvider => simpleRestProvider(ADMIN_API, api.httpClient);
