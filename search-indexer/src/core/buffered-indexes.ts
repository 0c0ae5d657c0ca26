import type { SearchCollection, SearchDocument } from '@cn/platform';
import type { OpenIndex, SearchIndexDefinition } from './search-feature';

/**
 * A collection that keeps a batch's writes in memory: `get` sees them at once, and `flush` sends each
 * index one upsert and one delete for the whole batch (a document written ten times in a batch is sent
 * once). A search first flushes, so that it finds what the batch wrote.
 */
const bufferedCollection = <T extends SearchDocument>(inner: SearchCollection<T>) => {
  /** the batch's last word on each id: the document, or null when deleted */
  const pending = new Map<string, T | null>();
  const flush = async (): Promise<void> => {
    if (pending.size === 0) return;
    const written = [...pending.values()].filter((doc): doc is T => doc !== null);
    const deleted = [...pending].filter(([, doc]) => doc === null).map(([id]) => id);
    pending.clear();
    if (written.length > 0) await inner.upsert(written);
    if (deleted.length > 0) await inner.delete(deleted);
  };
  const collection: SearchCollection<T> = {
    get: async (id) => (pending.has(id) ? (pending.get(id) ?? null) : inner.get(id)),
    upsert: (docs) => {
      for (const doc of docs) pending.set(doc.id, doc);
      return Promise.resolve();
    },
    delete: (ids) => {
      for (const id of ids) pending.set(id, null);
      return Promise.resolve();
    },
    search: async (query) => {
      await flush();
      return inner.search(query);
    },
    clear: async () => {
      pending.clear();
      await inner.clear();
    },
  };
  return { collection, flush };
};

/** the indexes of one batch, over `open`; flush() writes what the batch changed */
export const bufferedIndexes = (open: OpenIndex) => {
  const opened = new Map<string, Promise<ReturnType<typeof bufferedCollection<SearchDocument>>>>();
  const openBuffered: OpenIndex = async <T extends SearchDocument>(definition: SearchIndexDefinition<T>) => {
    let buffered = opened.get(definition.name);
    if (!buffered) {
      buffered = open<T>(definition).then((inner) => bufferedCollection(inner as unknown as SearchCollection<SearchDocument>));
      opened.set(definition.name, buffered);
    }
    return (await buffered).collection as unknown as SearchCollection<T>;
  };
  return {
    open: openBuffered,
    flush: async (): Promise<void> => {
      for (const buffered of opened.values()) await (await buffered).flush();
    },
  };
};
