/** The search index port (Meilisearch in production, an in-process library embedded). */
export interface SearchDocument {
  id: string;
  [field: string]: unknown;
}

export interface IndexSettings {
  /** fields matched by free text, most important first */
  searchableAttributes: string[];
  /** fields usable in `filter` (equality / any-of) */
  filterableAttributes: string[];
  /** fields usable in `sort` */
  sortableAttributes?: string[];
}

export interface SearchQuery {
  q: string;
  /** equality on filterable fields; an array means any of */
  filter?: Record<string, string | number | boolean | ReadonlyArray<string | number | boolean>>;
  /** e.g. [['last_name', 'asc']]; without it, hits are ranked by relevance */
  sort?: ReadonlyArray<readonly [string, 'asc' | 'desc']>;
  limit?: number;
  offset?: number;
}

export interface SearchResult<T extends SearchDocument = SearchDocument> {
  hits: T[];
  total: number;
}

export interface SearchCollection<T extends SearchDocument = SearchDocument> {
  upsert(docs: readonly T[]): Promise<void>;
  delete(ids: readonly string[]): Promise<void>;
  /**
   * A batch's documents and deletions in one call (`upsert` and `delete` must not share an id): where each
   * write is an asynchronous task (Meilisearch), both are sent at once and the index applies them as one
   * batch, instead of a round trip and a task wait each. Without it, `upsert` then `delete`.
   */
  write?(changes: { upsert: readonly T[]; delete: readonly string[] }): Promise<void>;
  /**
   * Sets the given fields of documents the index holds, keeping their other fields (a partial update: what
   * another writer put in the other fields meanwhile stays). For documents known to exist: where an id is not
   * held, the embedded index skips it, but Meilisearch (whose update merges or creates) creates a document
   * of only these fields. A caller deletes such a one again and, until then, never finds it through a field
   * the merge does not set (search-indexer: `core/buffered-indexes.ts`).
   */
  merge(docs: ReadonlyArray<Pick<T, 'id'> & Partial<T>>): Promise<void>;
  search(query: SearchQuery): Promise<SearchResult<T>>;
  /** one document by its id, in O(1) (not a search): null when the index has none */
  get(id: string): Promise<T | null>;
  clear(): Promise<void>;
}

export interface OpenOptions {
  /**
   * Writes (upsert, delete, clear) resolve once the index accepted them, not once it applied them; the next
   * `swapIndexes` of the index waits until all are applied and fails if one failed. For an index being
   * rebuilt, which nobody reads before its swap: on Meilisearch its batches queue up as tasks the server
   * applies together while the next batch is read, instead of one round trip each. An index that applies a
   * write at once (the embedded one) ignores it.
   */
  deferWrites?: boolean;
  /**
   * Names the index's contents (letters and digits): the label travels with them through `swapIndexes` and
   * `renameIndex`, so that which build a name holds is read from the index itself (`labelOf`). Given, it is
   * set (again) on the contents the name holds now.
   */
  label?: string;
}

export interface SearchIndex {
  /** creates the index with its settings when missing; idempotent */
  index<T extends SearchDocument = SearchDocument>(name: string, settings: IndexSettings, options?: OpenOptions): Promise<SearchCollection<T>>;
  /** last applied event position of a named search projector (stored with the index) */
  getCheckpoint(projector: string): Promise<number>;
  setCheckpoint(projector: string, position: number): Promise<void>;
  /**
   * Exchanges two opened indexes (documents and settings) in one step, as Meilisearch's index swap does:
   * an index rebuilt under another name takes the live one's place without a gap, and a search of either
   * name sees the old documents or the new ones, never none. Collections already opened follow the names.
   * Every write to either index made before (deferred ones too) is applied first.
   */
  swapIndexes(name: string, other: string): Promise<void>;
  /**
   * Moves an index (documents, settings, label) to the name `to`, which no index holds, in one step ordered
   * after every write and swap accepted before it (Meilisearch's task queue). Afterwards `name` holds no
   * index: a swap naming it fails, however late it was asked (a fence for a swap no longer allowed).
   * Fails when `name` holds no index or `to` holds one.
   */
  renameIndex(name: string, to: string): Promise<void>;
  /** removes an index whole (documents, settings); nothing when there is none */
  deleteIndex(name: string): Promise<void>;
  /** the label of the contents the name holds (`OpenOptions.label`); null without one, undefined without an index */
  labelOf(name: string): Promise<string | null | undefined>;
  /**
   * The names of every index there is (opened by this instance or not: another process's too), in no
   * particular order; not the checkpoints' own store. A rebuild's indexes left behind are found this way.
   */
  listIndexes(): Promise<string[]>;
  close(): Promise<void>;
}
