import {
  CONSISTENCY_HEADER,
  READ_POSITION_HEADER,
  CSRF_HEADER,
  type CommandAccepted,
  type ErrorResponse,
  type MemberDto,
  type NetworkResponse,
  type SetPresenceRequest,
  type SignInRequest,
} from '@cn/contracts';

/** A refused or failed call; `body` always has the contracts' ErrorResponse shape. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorResponse;

  constructor(status: number, body: ErrorResponse) {
    super(body.message ?? body.error);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  get key(): string {
    return this.body.error;
  }
}

export type Query = Record<string, string | number | undefined>;
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** the guard's refusal of a member who must set up a second factor first (platform MemberGuard) */
export const TWO_FACTOR_REQUIRED = 'two_factor_required';

const isErrorResponse = (value: unknown): value is ErrorResponse =>
  typeof value === 'object' && value !== null && typeof (value as { error?: unknown }).error === 'string';

const errorFor = (status: number): ErrorResponse => ({
  statusCode: status,
  error: status === 401 ? 'unauthenticated' : status === 403 ? 'forbidden' : status === 404 ? 'not_found' : 'generic_error',
  errors: [],
});

const withQuery = (path: string, query?: Query): string => {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
};

/** how long a read's position is remembered: longer than the page's reads take to be followed by its watch */
export const READS_KEPT_MS = 30_000;

/**
 * The one HTTP client of the console. It remembers the CSRF token of the session and the
 * consistency position of the last accepted command, which every following query carries so
 * that the console reads its own writes.
 */
export const createApiClient = (fetchImpl: typeof fetch = (...args) => fetch(...args)) => {
  let csrfToken: string | null = null;
  let position: number | null = null;
  /** the read positions of recent answers (READ_POSITION_HEADER), with when each came in */
  let reads: Array<{ at: number; position: number }> = [];
  /** who hears that the server wants a second factor set up first (403 two_factor_required): the session */
  const setupRequiredListeners = new Set<() => void>();

  const call = async <T>(method: Method, path: string, options: { query?: Query; body?: unknown } = {}): Promise<T> => {
    const headers: Record<string, string> = { Accept: 'application/json' };
    // a multipart body (FormData) sets its own content type with the boundary
    const multipart = typeof FormData !== 'undefined' && options.body instanceof FormData;
    if (options.body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
    if (method !== 'GET' && csrfToken) headers[CSRF_HEADER] = csrfToken;
    if (method === 'GET' && position !== null) headers[CONSISTENCY_HEADER] = String(position);

    let response: Response;
    try {
      response = await fetchImpl(withQuery(path, options.query), {
        method,
        headers,
        credentials: 'include',
        body: options.body === undefined ? undefined : multipart ? (options.body as FormData) : JSON.stringify(options.body),
      });
    } catch {
      throw new ApiError(0, { statusCode: 0, error: 'generic_error', errors: [] });
    }

    const reached = Number(response.headers.get(CONSISTENCY_HEADER));
    if (method !== 'GET' && Number.isFinite(reached) && reached > 0) position = Math.max(position ?? 0, reached);
    const readAt = response.headers.get(READ_POSITION_HEADER);
    if (method === 'GET' && readAt !== null && Number.isSafeInteger(Number(readAt))) {
      const now = Date.now();
      reads = reads.filter((read) => read.at >= now - READS_KEPT_MS);
      reads.push({ at: now, position: Number(readAt) });
    }

    if (response.status === 204) return undefined as T;
    const text = await response.text();
    let parsed: unknown = undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    if (!response.ok) {
      const refusal = isErrorResponse(parsed) ? parsed : errorFor(response.status);
      if (refusal.error === TWO_FACTOR_REQUIRED) for (const listener of setupRequiredListeners) listener();
      throw new ApiError(response.status, refusal);
    }
    if (method !== 'GET' && typeof (parsed as Partial<CommandAccepted> | undefined)?.position === 'number') {
      position = Math.max(position ?? 0, (parsed as CommandAccepted).position);
    }
    return parsed as T;
  };

  /**
   * Reads started before the page that needs them has rendered (main.tsx asks for the first page's data beside
   * its code): each answer goes to the first identical GET, once. endReadAhead forgets the rest; the session
   * calls it as soon as it is known, when the first page has asked for its data and the realtime channel takes over.
   */
  const readsAhead = new Map<string, Promise<unknown>>();
  /** the answers of reads ahead that came in and nobody took yet (answeredAhead) */
  const answeredAhead = new Map<string, unknown>();
  let collecting = false;

  const request = <T>(method: Method, path: string, options: { query?: Query; body?: unknown } = {}): Promise<T> => {
    if (method !== 'GET') return call<T>(method, path, options);
    const url = withQuery(path, options.query);
    const early = readsAhead.get(url);
    if (early) {
      readsAhead.delete(url);
      answeredAhead.delete(url);
      return early as Promise<T>;
    }
    const answer = call<T>(method, path, options);
    if (collecting) {
      // nobody may take it: a refusal (signed out) is then no unhandled rejection
      answer.then(
        (value) => {
          if (readsAhead.get(url) === answer) answeredAhead.set(url, value);
        },
        () => undefined,
      );
      readsAhead.set(url, answer);
    }
    return answer;
  };

  return {
    setCsrfToken: (token: string | null) => {
      csrfToken = token;
    },
    /** any route of a module, with the same CSRF token and consistency position (feature folders build on it) */
    request,
    /** the GETs `reads` asks for now are kept for the first identical request (see readsAhead) */
    readAhead: (reads: () => unknown) => {
      collecting = true;
      try {
        reads();
      } finally {
        collecting = false;
      }
    },
    /** when every read ahead has come in or failed (main.tsx renders the first page with their answers) */
    readsAheadSettled: async (): Promise<void> => {
      await Promise.allSettled(readsAhead.values());
    },
    /**
     * The answer of a read ahead of `path` that came in, without taking it: the start page's query cache starts
     * with it (its queries' first fetch then still takes the answer, so the server is asked once).
     */
    answeredAhead: <T>(path: string): T | undefined => answeredAhead.get(path) as T | undefined,
    /** forgets the reads ahead nobody took: from now on the realtime channel keeps the pages current */
    endReadAhead: () => {
      readsAhead.clear();
      answeredAhead.clear();
    },
    /** calls `listener` whenever the server refuses a route until a second factor is set up; answers the unsubscribe */
    onTwoFactorSetupRequired: (listener: () => void) => {
      setupRequiredListeners.add(listener);
      return () => {
        setupRequiredListeners.delete(listener);
      };
    },
    /** the last command's position, for tests and diagnostics */
    consistencyPosition: () => position,
    /**
     * whether an answer read within the last READS_KEPT_MS was older than `position` (the realtime channel's
     * watch answer): a change in between may not have been pushed to the page showing it
     */
    readBehind: (watchedFrom: number): boolean => {
      const since = Date.now() - READS_KEPT_MS;
      return reads.some((read) => read.at >= since && read.position < watchedFrom);
    },

    network: () => call<NetworkResponse>('GET', '/api/v1/network'),
    /** the password step; a member with a second factor is then asked for a code (no session yet) */
    signIn: (request: SignInRequest) =>
      call<{ member: MemberDto; two_factor_setup_required?: boolean } | { two_factor_required: true; methods: string[] }>('POST', '/users/sign_in', { body: request }),
    signOut: async () => {
      await call<void>('DELETE', '/users/sign_out');
      csrfToken = null;
      position = null;
    },
    setStatus: (request: SetPresenceRequest) =>
      call<CommandAccepted>('PUT', '/api/v1/members/me/status', { body: request }),
  };
};

export type ApiClient = ReturnType<typeof createApiClient>;

export const errorKeyOf = (error: unknown): string => (error instanceof ApiError ? error.key : 'generic_error');
