import { START_PAGE } from './start-page';

/**
 * The reads index.html's boot script (vite-start-page.ts, a hashed asset under script-src 'self') starts while
 * the HTML is parsed, before any module has loaded: the network's answer on every page, and the start page's
 * first data there. The API client's fetch takes each once (withEarlyReads), so main.tsx's reads ahead get
 * these answers instead of asking after the first scripts. Dependency-free: the build's config reads it.
 */
export const NETWORK_READ = '/api/v1/network';
/** 'all''s newest activities and the dashboard bar, the very GETs readStartPage makes (its spec compares them) */
export const START_PAGE_READS = ['/api/v1/activitystreams/all/activities', '/widgetbars/as-dashboard'] as const;
/** where the boot script leaves its answers: path → the fetch's response */
export const EARLY_READS_GLOBAL = '__cnEarlyReads';
/** the paths that open the start page ('/' leads to it) */
export const isStartPagePath = (pathname: string): boolean => pathname === '/' || pathname === START_PAGE;

type EarlyReads = Record<string, Promise<Response> | undefined>;

/** the global once closed: the boot script, should it run only now, reads nothing (vite-start-page.ts) */
export const EARLY_READS_CLOSED = false;

const globals = globalThis as unknown as Record<string, EarlyReads | typeof EARLY_READS_CLOSED | undefined>;
const earlyReads = (): EarlyReads | undefined => globals[EARLY_READS_GLOBAL] || undefined;

/**
 * No early answer is taken from now on, and none is started: an answer read before a sign-in, a sign-out or
 * any other change would be stale. Called on the first request that is not a plain read, and once the first
 * render has settled its reads ahead (SessionContext); also covers a boot script that runs after the entry
 * (an async script may), whose reads would otherwise wait for whichever later request matches them.
 */
export const closeEarlyReads = (): void => {
  globals[EARLY_READS_GLOBAL] = EARLY_READS_CLOSED;
};

/**
 * `fetchImpl`, except that a plain GET (no consistency position) of a path the boot script read is answered
 * with that response, once: the client then handles it like any other (positions, refusals, errors).
 */
export const withEarlyReads =
  (fetchImpl: typeof fetch): typeof fetch =>
  (input, init) => {
    const read = (init?.method ?? 'GET') === 'GET';
    if (!read) closeEarlyReads();
    const reads = earlyReads();
    const plain = read && Object.keys(init?.headers ?? {}).every((name) => name === 'Accept');
    const early = typeof input === 'string' && plain ? reads?.[input] : undefined;
    if (!reads || !early) return fetchImpl(input, init);
    delete reads[input as string];
    return early;
  };
