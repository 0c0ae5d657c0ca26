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
  /** many documents written (`doc`) or deleted (`null`) at once, in one transaction where the store has them */
  writeMany(changes: ReadonlyArray<{ id: string; doc: T | null }>): Promise<void>;
}

/** the changes of one collection in a `writeAll` */
export interface CollectionWrites {
  collection: string;
  changes: ReadonlyArray<{ id: string; doc: Document | null }>;
}

export interface DocumentStore {
  collection<T extends Document = Document>(name: string): DocumentCollection<T>;
  /**
   * The changes of several collections at once, in the order given: in one transaction where the store has
   * them (a projector's documents and its checkpoints commit together), else collection after collection.
   */
  writeAll(writes: readonly CollectionWrites[]): Promise<void>;
  close(): Promise<void>;
}
