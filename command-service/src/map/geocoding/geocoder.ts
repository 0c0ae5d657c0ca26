/** Where an address lies; null when the geocoder knows no such place. Throws when it cannot answer. */
export interface Geocoder {
  locate(address: string): Promise<{ lat: number; lng: number } | null>;
}

export interface NominatimOptions {
  /** the geocoder's base URL (GEOCODER_URL), e.g. https://nominatim.example; `/search` is asked */
  url: string;
  /** the longest a lookup may take (default 5 s) */
  timeoutMs?: number;
  /** the largest answer read (default 256 KiB): a larger one is refused, not parsed */
  maxBytes?: number;
  /** sent as User-Agent, as Nominatim's usage policy asks */
  userAgent?: string;
}

const readCapped = async (response: Response, maxBytes: number): Promise<string> => {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > maxBytes) throw new Error('geocoder answer too large');
  if (!response.body) return '';
  const chunks: Buffer[] = [];
  let size = 0;
  // leaving the loop early cancels the body: a larger answer is not read to its end
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > maxBytes) throw new Error('geocoder answer too large');
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks).toString('utf8');
};

const coordinate = (value: unknown, limit: number): number | null => {
  const n = typeof value === 'string' ? Number(value) : typeof value === 'number' ? value : NaN;
  return Number.isFinite(n) && Math.abs(n) <= limit ? n : null;
};

/**
 * A Nominatim-compatible geocoder (`GET {url}/search?q=…&format=jsonv2&limit=1`, answering
 * `[{ lat: "52.5", lon: "13.4" }]`). Only the server asks it: a member's address never leaves for a
 * third party from the browser.
 */
export const createNominatimGeocoder = ({ url, timeoutMs = 5_000, maxBytes = 256 * 1024, userAgent = 'community-network' }: NominatimOptions): Geocoder => ({
  locate: async (address) => {
    const target = new URL('search', url.endsWith('/') ? url : `${url}/`);
    target.searchParams.set('q', address);
    target.searchParams.set('format', 'jsonv2');
    target.searchParams.set('limit', '1');
    const response = await fetch(target, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json', 'user-agent': userAgent }, redirect: 'error' });
    if (!response.ok) throw new Error(`geocoder answered ${response.status}`);
    const answer: unknown = JSON.parse(await readCapped(response, maxBytes));
    if (!Array.isArray(answer) || answer.length === 0) return null;
    const first: unknown = answer[0];
    if (typeof first !== 'object' || first === null) return null;
    const place = first as Record<string, unknown>;
    const lat = coordinate(place['lat'], 90);
    const lng = coordinate(place['lon'], 180);
    return lat === null || lng === null ? null : { lat, lng };
  },
});
