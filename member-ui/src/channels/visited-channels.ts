import { CHANNEL_USERBAR_LIMITS } from '@cn/contracts';
import { useSyncExternalStore } from 'react';

/**
 * The channels this console visited, most recent first (the user bar's 'recent' section). Kept in the
 * browser per member, as where one has looked is no change to the network; the server answers only those
 * the member may still see.
 */
const keyOf = (memberId: string): string => `cn.channels.visited.${memberId}`;
const listeners = new Set<() => void>();
const cache = new Map<string, readonly string[]>();

const read = (memberId: string): readonly string[] => {
  const cached = cache.get(memberId);
  if (cached) return cached;
  let list: readonly string[] = [];
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(keyOf(memberId)) ?? '[]');
    list = Array.isArray(parsed) ? parsed.filter((slug): slug is string => typeof slug === 'string').slice(0, CHANNEL_USERBAR_LIMITS.recent) : [];
  } catch {
    list = [];
  }
  cache.set(memberId, list);
  return list;
};

/** a visit moves the channel to the front */
export const rememberVisit = (memberId: string, slug: string): void => {
  const before = read(memberId);
  if (before[0] === slug) return;
  const next = [slug, ...before.filter((other) => other !== slug)].slice(0, CHANNEL_USERBAR_LIMITS.recent);
  cache.set(memberId, next);
  try {
    window.localStorage.setItem(keyOf(memberId), JSON.stringify(next));
  } catch {
    // storage full or blocked: the list lives as long as the page
  }
  for (const listener of [...listeners]) listener();
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useVisitedChannels = (memberId: string): readonly string[] =>
  useSyncExternalStore(
    subscribe,
    () => read(memberId),
    () => [],
  );
