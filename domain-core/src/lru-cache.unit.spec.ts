import { createLruCache } from './lru-cache';

describe('createLruCache', () => {
  it('drops the least recently used entry when full; reading refreshes an entry', () => {
    const cache = createLruCache<number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
    cache.set('c', 4);
    expect(cache.size).toBe(2);
    expect(cache.get('c')).toBe(4);
  });
});
