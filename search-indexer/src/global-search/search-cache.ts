import { SEARCH_CACHE_SECONDS } from '@cn/contracts';

/** answers kept at most: an old entry leaves first */
const MAX_ENTRIES = 500;

/**
 * Answers per viewer and query, reused for at most 60 s (§9) and only while the index stands where it
 * stood when the answer was made: the key holds the index position, so any indexed change (the viewer's
 * own first of all) makes the next search ask the index again.
 */
export class SearchCache<T> {
  private readonly entries = new Map<string, { at: number; value: T }>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxAgeMs = SEARCH_CACHE_SECONDS * 1000,
  ) {}

  static key(viewerId: string, state: string | number, parts: readonly unknown[]): string {
    return JSON.stringify([viewerId, state, ...parts]);
  }

  async get(key: string, compute: () => Promise<T>): Promise<T> {
    const entry = this.entries.get(key);
    if (entry && this.now() - entry.at < this.maxAgeMs) return entry.value;
    this.entries.delete(key);
    const value = await compute();
    this.entries.set(key, { at: this.now(), value });
    while (this.entries.size > MAX_ENTRIES) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
    return value;
  }

  get size(): number {
    return this.entries.size;
  }
}
