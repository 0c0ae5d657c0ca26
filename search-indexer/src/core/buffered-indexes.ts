import type { CollectionWrites, Document, DocumentCollection, SearchCollection, SearchDocument } from '@cn/platform';
import type { OpenIndex, SearchIndexDefinition } from './search-feature';

/** A search document as the search side keeps it beside its index: the document itself, under its id. */
export interface SourceDocument extends Document {
  doc: SearchDocument;
}

/** the search side's own copy of an index's documents, in the document store (`search_source_<index>`) */
export type SourceOf = (index: string) => SourceCollection;

/**
 * Reads one copy, writes many: the store's `writeAll`, so that the copies join the transaction the read
 * models of the same turn commit in (the SQLite store's group commit) instead of one of their own.
 */
export type SourceCollection = Pick<DocumentCollection<SourceDocument>, 'get' | 'clear'> & {
  /** the document store collection the copies are kept in */
  name: string;
  write(changes: ReadonlyArray<{ id: string; doc: SourceDocument | null }>): Promise<void>;
};

/**
 * Commits the copies a flush writes, every index's at once (one `writeAll`): a live batch joins the index
 * switch's fence to them, so that a batch computed before a switch is refused whole (`core/index-switch.ts`).
 */
export type SourceCommit = (writes: readonly CollectionWrites[]) => Promise<void>;

export const sourceCollectionName = (index: string): string => `search_source_${index}`;

/**
 * A collection that keeps a batch's writes in memory: `get` sees them at once, and `flush` sends each
 * index one upsert and one delete for the whole batch (a document written ten times in a batch is sent
 * once). A search first flushes, so that it finds what the batch wrote.
 *
 * The index is never read back: a document the batch did not write comes from the search side's own copy
 * in the document store, written before the index. A search engine that applies writes as asynchronous
 * tasks (Meilisearch) may answer a read with a document older than the last write it accepted; building
 * on that would lose updates.
 *
 * `merge` sets fields of documents the batch did not write without reading them: sent as the index's partial
 * update, never into the copies, so a whole document another replica wrote meanwhile keeps its other fields
 * (issue 16: an activity's audience, derived again on a group's change, never takes the post's text back to
 * the copy read before an edit). A field a batch merges is therefore not kept by the copies: whoever writes
 * the whole document derives it again. Where the index's partial update creates a document it does not hold
 * (Meilisearch, for one another replica deleted meanwhile), the copy is gone too: once the merge is applied
 * the ids whose copy is gone are deleted from the index again, ordered after the merge. (The copy's delete
 * was committed before its index delete was sent, so either that delete comes after the merge or the copy
 * is found gone here; an id is never written again once deleted.)
 */
const bufferedCollection = <T extends SearchDocument>(inner: SearchCollection<T>, source: SourceCollection, commit: SourceCommit | undefined) => {
  /** the batch's last word on each id: the document, or null when deleted */
  const pending = new Map<string, T | null>();
  /** fields merged into documents the batch did not write (`merge`), by id */
  const merging = new Map<string, Pick<T, 'id'> & Partial<T>>();
  /** takes what the batch wrote: the copies to commit, then the index's writes to send */
  const take = () => {
    if (pending.size === 0 && merging.size === 0) return null;
    const batch = [...pending];
    const merges = [...merging.values()];
    pending.clear();
    merging.clear();
    const changes = batch.map(([id, doc]) => ({ id, doc: doc === null ? null : { _id: id, doc } }));
    const sendIndex = async (): Promise<void> => {
      const written = batch.flatMap(([, doc]) => (doc === null ? [] : [doc]));
      const deleted = batch.filter(([, doc]) => doc === null).map(([id]) => id);
      // one call for both where the index takes it (Meilisearch: applied as one batch, not two task waits)
      if (inner.write) await inner.write({ upsert: written, delete: deleted });
      else {
        if (written.length > 0) await inner.upsert(written);
        if (deleted.length > 0) await inner.delete(deleted);
      }
      if (merges.length === 0) return;
      await inner.merge(merges);
      // a document deleted meanwhile (its copy gone) that the merge made again, of the merged fields only
      const copies = await Promise.all(merges.map((fields) => source.get(fields.id)));
      const gone = merges.filter((_, at) => copies[at] === null).map((fields) => fields.id);
      if (gone.length > 0) await inner.delete(gone);
    };
    return { sources: { collection: source.name, changes }, changes, sendIndex };
  };
  const flush = async (): Promise<void> => {
    const taken = take();
    if (!taken) return;
    if (commit) await commit(taken.changes.length > 0 ? [taken.sources] : []);
    else if (taken.changes.length > 0) await source.write(taken.changes);
    await taken.sendIndex();
  };
  const collection: SearchCollection<T> = {
    get: async (id) => {
      if (pending.has(id)) return pending.get(id) ?? null;
      const copy = ((await source.get(id))?.doc as T | undefined) ?? null;
      const merged = merging.get(id);
      return copy && merged ? { ...copy, ...merged } : copy;
    },
    upsert: (docs) => {
      for (const doc of docs) {
        pending.set(doc.id, doc);
        merging.delete(doc.id);
      }
      return Promise.resolve();
    },
    merge: (docs) => {
      for (const fields of docs) {
        const written = pending.get(fields.id);
        // a document this batch writes whole takes the fields in; one it deletes stays deleted
        if (written) pending.set(fields.id, { ...written, ...fields });
        else if (written === undefined) merging.set(fields.id, { ...merging.get(fields.id), ...fields });
      }
      return Promise.resolve();
    },
    delete: (ids) => {
      for (const id of ids) {
        pending.set(id, null);
        merging.delete(id);
      }
      return Promise.resolve();
    },
    search: async (query) => {
      await flush();
      return inner.search(query);
    },
    clear: async () => {
      pending.clear();
      await source.clear();
      await inner.clear();
    },
  };
  return { collection, flush, take };
};

/**
 * the indexes of one batch, over `open` and the search side's copies (`sourceOf`); flush() writes what the
 * batch changed. With `commit`, the copies of every index are committed in one call before any index is
 * written (else each through its `write`).
 */
const settleAll = async (sending: ReadonlyArray<Promise<void>>): Promise<void> => {
  const failed = (await Promise.allSettled(sending)).find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (failed) throw failed.reason;
};

export const bufferedIndexes = (open: OpenIndex, sourceOf: SourceOf, commit?: SourceCommit, order: { indexFirst?: boolean } = {}) => {
  const opened = new Map<string, Promise<ReturnType<typeof bufferedCollection<SearchDocument>>>>();
  const openBuffered: OpenIndex = async <T extends SearchDocument>(definition: SearchIndexDefinition<T>) => {
    let buffered = opened.get(definition.name);
    if (!buffered) {
      buffered = open<T>(definition).then((inner) => bufferedCollection(inner as unknown as SearchCollection<SearchDocument>, sourceOf(definition.name), commit));
      opened.set(definition.name, buffered);
    }
    return (await buffered).collection as unknown as SearchCollection<T>;
  };
  return {
    open: openBuffered,
    /** answers whether the batch wrote anything */
    flush: async (): Promise<boolean> => {
      const collections = await Promise.all(opened.values());
      if (!commit) {
        for (const buffered of collections) await buffered.flush();
        return true;
      }
      const taken = collections.flatMap((buffered) => buffered.take() ?? []);
      if (taken.length === 0) return false;
      // a batch of merges only writes no copy, but still commits (the fence: refused whole when fenced)
      const sources = taken.filter((one) => one.changes.length > 0).map((one) => one.sources);
      if (order.indexFirst) {
        // a rebuild's batch: the indexes first, then the copies (with how far they are): resumed from the
        // copies' progress, a batch the indexes got and the copies did not is written again, the same
        await settleAll(taken.map((one) => one.sendIndex()));
        await commit(sources);
        return true;
      }
      // the copies first, in one transaction (refused whole when fenced), then the indexes
      await commit(sources);
      // each index's writes at once: indexes are independent, and where a write is a task to wait for
      // (Meilisearch) the batch costs the slowest index's wait, not their sum. The batch is done (and its
      // checkpoint may move) only once every index applied it
      await settleAll(taken.map((one) => one.sendIndex()));
      return true;
    },
  };
};
