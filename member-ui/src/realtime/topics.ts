/**
 * What the console's open pages watch on the realtime channel (`appointments`, ...): the server then sends
 * changes of that kind only to consoles that show them. Pages register while mounted; the channel sends
 * the current set when it opens and whenever it changes.
 */
export interface WatchedTopics {
  current(): string[];
  /** registers a page's interest until the returned function is called */
  watch(topic: string): () => void;
  listen(listener: () => void): () => void;
}

export const createWatchedTopics = (): WatchedTopics => {
  const counts = new Map<string, number>();
  const listeners = new Set<() => void>();
  const changed = (): void => {
    for (const listener of [...listeners]) listener();
  };
  return {
    current: () => [...counts.keys()].sort(),
    watch: (topic) => {
      const before = counts.get(topic) ?? 0;
      counts.set(topic, before + 1);
      if (before === 0) changed();
      let done = false;
      return () => {
        if (done) return;
        done = true;
        const left = (counts.get(topic) ?? 1) - 1;
        if (left > 0) {
          counts.set(topic, left);
          return;
        }
        counts.delete(topic);
        changed();
      };
    },
    listen: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
};

/**
 * what the channel hands the console after it reconnected (anything may have changed meanwhile), and when
 * a watch began after reads that are older than it (a change in between was pushed to nobody here): every
 * page's data and the session are read again
 */
export const RECONNECTED = '*reconnected';
