import type { ReadableStreamDefaultReader, ReadableStreamReadResult } from 'node:stream/web';
import { resolvesToPrivateAddress } from './address-guard';
import { parseFeed } from './feed-parser';
import { FeedError, type FeedItem, type FeedReader } from './feed-reader';

export interface HttpFeedReaderOptions {
  /** the whole fetch, headers and body, must finish in this time */
  timeoutMs: number;
  /** a feed larger than this is refused (read no further than the cap) */
  maxBytes: number;
  /** read feeds on loopback, private and link-local addresses too (tests, intranets); default false */
  allowPrivateNetworks?: boolean;
  fetch?: typeof fetch;
}

/** redirects followed (each checked like the first address) */
const MAX_REDIRECTS = 3;

/** reads at most `maxBytes` of the body; more is a FeedError('too_large') */
const readCapped = async (response: Response, maxBytes: number): Promise<string> => {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) throw new FeedError('too_large');
  if (!response.body) return '';
  // the platform compiles without the DOM library: fetch's body is the web stream node:stream/web describes
  const reader = response.body.getReader() as unknown as ReadableStreamDefaultReader<Uint8Array>;
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const chunk: ReadableStreamReadResult<Uint8Array> = await reader.read();
    if (chunk.done) break;
    const value = chunk.value;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new FeedError('too_large');
    }
    chunks.push(value);
  }
  return new TextDecoder('utf-8').decode(Buffer.concat(chunks));
};

/** The feeds port over HTTP with Node's fetch: a time limit, a size cap, RSS 2.0 and Atom. */
export const createHttpFeedReader = (options: HttpFeedReaderOptions): FeedReader => {
  const fetchImpl = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  return {
    read: async (url: string): Promise<FeedItem[]> => {
      if (!/^https?:\/\//i.test(url)) throw new FeedError('invalid_url');
      const signal = AbortSignal.timeout(options.timeoutMs);
      let response: Response | null = null;
      let target = url;
      for (let hop = 0; hop <= MAX_REDIRECTS && response === null; hop += 1) {
        let parsed: URL;
        try {
          parsed = new URL(target);
        } catch {
          throw new FeedError('invalid_url');
        }
        if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new FeedError('invalid_url');
        try {
          if (!options.allowPrivateNetworks && (await resolvesToPrivateAddress(parsed))) throw new FeedError('private_address', parsed.hostname);
          const answer = await fetchImpl(parsed, {
            signal,
            redirect: 'manual',
            headers: { Accept: 'application/rss+xml, application/atom+xml, application/xml, text/xml;q=0.9, */*;q=0.5' },
          });
          const location = answer.headers.get('location');
          if (answer.status >= 300 && answer.status < 400 && location) {
            await answer.body?.cancel();
            target = new URL(location, parsed).toString();
          } else response = answer;
        } catch (error) {
          if (error instanceof FeedError) throw error;
          throw new FeedError(signal.aborted ? 'timeout' : 'network', error instanceof Error ? error.message : undefined);
        }
      }
      if (response === null) throw new FeedError('network', 'too many redirects');
      if (!response.ok) {
        await response.body?.cancel();
        throw new FeedError('http_status', String(response.status));
      }
      let body: string;
      try {
        body = await readCapped(response, options.maxBytes);
      } catch (error) {
        if (error instanceof FeedError) throw error;
        throw new FeedError(signal.aborted ? 'timeout' : 'network', error instanceof Error ? error.message : undefined);
      }
      return parseFeed(body);
    },
  };
};

/**
 * A reader that keeps what it read for `ttlMs` (a channel page opened by many members fetches its feed
 * once) and shares one fetch between callers asking at the same time. A failure is kept for a tenth of it.
 */
export const createCachedFeedReader = (reader: FeedReader, options: { ttlMs: number; clock?: () => Date; maxEntries?: number }): FeedReader => {
  const clock = options.clock ?? (() => new Date());
  const maxEntries = options.maxEntries ?? 500;
  const cache = new Map<string, { until: number; result: Promise<FeedItem[]> }>();
  return {
    read: (url) => {
      const now = clock().getTime();
      const cached = cache.get(url);
      if (cached && cached.until > now) return cached.result;
      const result = reader.read(url);
      const entry = { until: now + options.ttlMs, result };
      cache.delete(url);
      cache.set(url, entry);
      result.catch(() => {
        entry.until = now + Math.floor(options.ttlMs / 10);
      });
      while (cache.size > maxEntries) {
        const oldest = cache.keys().next().value;
        if (oldest === undefined) break;
        cache.delete(oldest);
      }
      return result;
    },
  };
};
