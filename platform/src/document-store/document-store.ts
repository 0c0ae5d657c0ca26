import type { Document } from '@cn/domain';

export type { Document };

/**
 * The read-model store port: a small subset of MongoDB's document model, so that the MongoDB adapter
 * is a thin translation and the embedded SQLite adapter can implement it with json_extract.
 */
export type Scalar = string | number | boolean | null;



export interface FieldCondition {
  $eq?: Scalar;
  $ne?: Scalar;
  $in?: readonly Scalar[];
  $nin?: readonly Scalar[];
  $gt?: string | number;
  $gte?: string | number;
  $lt?: string | number;
  $lte?: string | number;
  $exists?: boolean;
  /** the array field contains this value */
  $contains?: Scalar;
  /** case-insensitive substring match */
  $like?: string;
}

/** Field names may be dotted paths into nested objects. Plain values mean equality. */
export type Filter = {
  $and?: Filter[];
  $or?: Filter[];
} & { [field: string]: Scalar | FieldCondition | Filter[] | undefined };

export type SortDirection = 1 | -1;

export interface FindOptions {
  /** applied in order, e.g. [['last_name', 1], ['_id', 1]] */
  sort?: ReadonlyArray<readonly [string, SortDirection]>;
  skip?: number;
  limit?: number;
}

export interface DocumentCollection<T extends Document = Document> {
  get(id: string): Promise<T | null>;
  getMany(ids: readonly string[]): Promise<T[]>;
  /**
   * Only the named top-level fields (and `_id`) of the documents with these ids, ids not found left out,
   * in no particular order: a read that needs a few fields of large documents (a push reading its viewers'
   * roles) parses no more than those. A field the document lacks is absent.
   */
  pick<K extends keyof T & string>(ids: readonly string[], fields: readonly K[]): Promise<Array<Pick<T, '_id' | K>>>;
  find(filter?: Filter, options?: FindOptions): Promise<T[]>;
  count(filter?: Filter): Promise<number>;
  /** insert or replace the whole document */
  upsert(doc: T): Promise<void>;
  delete(id: string): Promise<void>;
  deleteMany(filter: Filter): Promise<number>;
  /** remove every document of the collection (a store may drop its indexes too, until the next ensureIndex) */
  clear(): Promise<void>;
  /**
   * An index on these fields (in order), created once, so that equality filters on the leading fields and
   * sorting by them (latest first, keyset paging) read O(log n) instead of scanning the collection.
   */
  ensureIndex(fields: readonly string[]): Promise<void>;
  /**
   * Many new documents are coming, inserted as `created` (a catch-up far behind on a read model with a
   * document per event): a store may drop its index on the ids meanwhile and build it once when next needed
   * (a read or a non-created write by id, an `ensureIndex`, the next opening after a restart) instead of
   * inserting random ids into it one by one, and drop the indexes `ensureIndex` made too (each comes back
   * with the next `ensureIndex` of its fields, built once over every document; queries meanwhile scan).
   * Ids written twice as `created` meanwhile must hold the same document: one of them is kept. A store
   * without such indexes (or without this method) ignores it.
   */
  deferIndexes?(): Promise<void>;
  /** many documents written (`doc`) or deleted (`null`) at once, in one transaction where the store has them */
  writeMany(changes: ReadonlyArray<{ id: string; doc: T | null }>): Promise<void>;
  /**
   * Blue/green switch: the documents of the collection `source` (a read model rebuilt beside this one)
   * become this collection's in one step, and `source` is left empty. A reader sees the old documents or
   * the new ones, never a mix and never none. This collection's indexes keep covering it. `alongside`: writes
   * (conditional ones too) made with the swap: SQLite in its transaction (a conflict refuses the swap, and the
   * swap happened exactly when they are written); a store without transactions (MongoDB) writes them just
   * before the swap (a conflict still refuses it; a writer dying between the two leaves them without the swap).
   * `ifSourceHolds`: swap only while `source` holds documents (a rename that happened leaves it empty, so
   * repeating it swaps nothing instead of emptying this collection): SQLite checks in the swap's transaction;
   * MongoDB just before the rename, which then fails rather than empties should the source go meanwhile.
   */
  replaceWith(source: string, alongside?: readonly CollectionWrites[], options?: ReplaceOptions): Promise<void>;
}

export interface ReplaceOptions {
  ifSourceHolds?: boolean;
}

/**
 * One change of a `writeAll`: the document written (`doc`) or deleted (`null`). With `ifVersion` it is
 * conditional: written only while the stored document's `_version` is that number (0: no document, or one
 * without `_version`), else the store throws `DocumentConflictError` (SQLite: nothing of the `writeAll` is
 * written). Read-modify-write by several processes (projection-service replicas on a partitioned bus) never
 * overwrites another's write this way.
 */
export interface DocumentWrite {
  id: string;
  doc: Document | null;
  ifVersion?: number;
  /**
   * the writer knows no document with this id is stored (a replay into an emptied collection writing a
   * document for the first time): the store may insert without looking for one
   */
  created?: boolean;
}

/** the changes of one collection in a `writeAll` */
export interface CollectionWrites {
  collection: string;
  changes: readonly DocumentWrite[];
}

/** a conditional write (`ifVersion`) found another version: read again and retry */
export class DocumentConflictError extends Error {
  constructor(
    readonly collection: string,
    readonly id: string,
  ) {
    super(`document ${collection}/${id} was changed by another writer`);
    this.name = 'DocumentConflictError';
  }
}

/** the `_version` a conditional write compares (a document written without one counts as 0) */
export const versionOf = (doc: Document | null | undefined): number => (doc && typeof doc['_version'] === 'number' ? doc['_version'] : 0);

/** How a collection is kept, where the store offers a choice. */
export interface CollectionOptions {
  /**
   * Top-level fields a store may keep in columns of the collection's own table (SQLite), so that filters,
   * sorting and indexes on them read plain values instead of taking each document's JSON apart, and a
   * collection refilled from scratch is dropped rather than deleted row by row. Strings and numbers go into
   * the column; other values (null, booleans, objects) are kept with the rest of the document and still
   * answer filters, but sort as missing. The first opening with columns fixes them for the collection's
   * lifetime (the store remembers them: a later opening without options finds them); other columns for
   * the same collection are refused: a projection that changes them raises its version (a new collection).
   * A store without tables (MongoDB) ignores this.
   */
  columns?: readonly string[];
  /**
   * One of `columns` that holds a distinct integer in every document, written mostly in ascending order (the
   * audit's position): a store with tables makes it the table's row key (SQLite: its `INTEGER PRIMARY KEY`),
   * so that the rows sit in its order, an index on it alone is the table itself, and an index ending with it
   * needs no copy of it. A document without such a value is refused; so is a second document with the same
   * value. Fixed with the columns for the collection's lifetime. A store without tables ignores this.
   */
  rowKey?: string;
}

export interface DocumentStore {
  collection<T extends Document = Document>(name: string, options?: CollectionOptions): DocumentCollection<T>;
  /**
   * The changes of several collections at once, in the order given: in one transaction where the store has
   * them (a projector's documents and its checkpoints commit together), else collection after collection.
   */
  writeAll(writes: readonly CollectionWrites[]): Promise<void>;
  /** removes a collection whole (its documents, indexes and layout); a collection that does not exist is no error */
  drop(name: string): Promise<void>;
  /**
   * Runs a bulk load that can be redone from the event log (a rebuild, with nothing else writing): where the
   * store can, its writes meanwhile skip waiting for the disk (SQLite: `synchronous = OFF`), and it is made
   * durable once at the end. Optional: a store without it runs `work` as it is.
   */
  bulkLoad?<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * Read-modify-write of one document by several processes: writes `doc` (or deletes, `null`) with the next
 * `_version` only while the stored one is still the version of `read` (what the caller read; null: none).
 * Answers false when another writer came first: read again and decide again.
 */
export const writeIfVersion = async (store: DocumentStore, collection: string, id: string, read: Document | null, doc: Document | null): Promise<boolean> => {
  const version = versionOf(read);
  try {
    await store.writeAll([{ collection, changes: [{ id, doc: doc && { ...doc, _version: version + 1 }, ifVersion: version }] }]);
    return true;
  } catch (error) {
    if (error instanceof DocumentConflictError) return false;
    throw error;
  }
};
