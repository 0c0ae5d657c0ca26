import { fetchUtils, HttpError } from 'ra-core';
import { CONSISTENCY_HEADER, CSRF_HEADER, type NetworkResponse } from '@cn/contracts';
import { toFormHttpError } from './serverErrors';

export type FetchJson = typeof fetchUtils.fetchJson;
export type HttpClient = (url: string, options?: fetchUtils.Options) => ReturnType<FetchJson>;

/**
 * The one door to the API: the session cookie rides along, mutating calls carry the CSRF token the
 * network endpoint answers, and the last command position is sent back on reads so that the console
 * reads its own writes (the query waits until the read model has caught up).
 */
export interface ApiClient {
  httpClient: HttpClient;
  /** `GET /api/v1/network`, cached until `refresh` (after sign-in, sign-out or a rejected CSRF token) */
  network: (options?: { refresh?: boolean }) => Promise<NetworkResponse>;
  forgetSession: () => void;
  lastPosition: () => number | null;
}

export const NETWORK_PATH = '/api/v1/network';
const MUTATING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const positionFrom = (headers: Headers, json: unknown): number | null => {
  const header = headers.get(CONSISTENCY_HEADER);
  const fromHeader = header === null ? NaN : Number(header);
  if (Number.isFinite(fromHeader)) return fromHeader;
  if (typeof json === 'object' && json !== null && 'position' in json && typeof json.position === 'number') {
    return json.position;
  }
  return null;
};

const errorKeyOf = (body: unknown): string | null =>
  typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'string' ? body.error : null;

export const createApiClient = ({ fetchJson = fetchUtils.fetchJson }: { fetchJson?: FetchJson } = {}): ApiClient => {
  let cachedNetwork: Promise<NetworkResponse> | null = null;
  let position: number | null = null;

  const notePosition = (next: number | null): void => {
    if (next !== null && (position === null || next > position)) position = next;
  };

  const send = async (url: string, options: fetchUtils.Options, retried: boolean): ReturnType<FetchJson> => {
    const method = (options.method ?? 'GET').toUpperCase();
    const mutating = MUTATING_METHODS.has(method);
    const headers = new Headers(options.headers);
    if (!headers.has('Accept')) headers.set('Accept', 'application/json');
    if (mutating) {
      const token = (await network()).csrf_token;
      if (token !== null) headers.set(CSRF_HEADER, token);
    } else if (position !== null) {
      headers.set(CONSISTENCY_HEADER, String(position));
    }
    try {
      const response = await fetchJson(url, { ...options, headers, credentials: 'include' });
      if (mutating) notePosition(positionFrom(response.headers, response.json));
      return response;
    } catch (error) {
      // The token is bound to the session: after a new sign-in elsewhere it is stale, so fetch it once more.
      if (
        mutating &&
        !retried &&
        error instanceof HttpError &&
        error.status === 403 &&
        errorKeyOf(error.body) === 'invalid_csrf_token'
      ) {
        cachedNetwork = null;
        return send(url, options, true);
      }
      throw toFormHttpError(error);
    }
  };

  const httpClient: HttpClient = (url, options = {}) => send(url, options, false);

  const network = (options: { refresh?: boolean } = {}): Promise<NetworkResponse> => {
    if (options.refresh === true || cachedNetwork === null) {
      const loading = httpClient(NETWORK_PATH).then(({ json }) => json as NetworkResponse);
      cachedNetwork = loading;
      loading.catch(() => {
        if (cachedNetwork === loading) cachedNetwork = null;
      });
    }
    return cachedNetwork;
  };

  return {
    httpClient,
    network,
    forgetSession: () => {
      cachedNetwork = null;
    },
    lastPosition: () => position,
  };
};
