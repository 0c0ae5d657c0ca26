import type { RecordedEvent } from './event-store';

/** What every read-model document is: an id and fields (the document store port stores these). */
export interface Document {
  _id: string;
  [field: string]: unknown;
}

/**
 * One projection per read model (Emmett style). The runner loads each document the event touches,
 * skips it when the document already carries a position >= the event's (replay is harmless),
 * calls `evolve`, and writes the result with `_position` set; `null` deletes.
 * Events reach `evolve` with personal data already revealed (decrypted or replaced by fallbacks).
 */
export interface ProjectedDocument extends Document {
  /** global position of the last event applied to this document */
  _position: number;
}

/**
 * Where the runner applies an event: the bus partition it came from (0 on the embedded log and on a bus with
 * one partition; docs/ARCHITECTURE.md, "Kafka with several partitions").
 */
export interface ProjectionContext {
  partition: number;
}

export interface Projection<D extends ProjectedDocument = ProjectedDocument> {
  /** read model name; the collection is `${name}_v${version}` so that a rebuild can run blue/green */
  name: string;
  version: number;
  /** event types this projection handles; others are skipped without loading anything */
  eventTypes: readonly string[];
  /**
   * ids of the documents an event touches. A document every partition would write (a network-wide counter)
   * is better kept as one share per partition (`context.partition`, absent: 0), added up by its readers: the
   * replicas holding different partitions then never write the same document.
   */
  documentIds(event: RecordedEvent, context?: ProjectionContext): string[];
  /**
   * Declared as a method so that a projection of a specific document type fits where any projection
   * is expected (the runner hands each projection only the documents of its own collection).
   */
  evolve(doc: D | null, event: RecordedEvent, id: string): Omit<D, '_position'> | D | null;
  /**
   * The field lists the read model's queries filter and sort by (e.g. [['type', 'position']]): the runner
   * creates these indexes, so that a list answers in O(log n) however large the collection grows.
   */
  indexes?: ReadonlyArray<readonly string[]>;
  /**
   * Top-level fields the store may keep in columns of the read model's own table (the document store's
   * `CollectionOptions.columns`): for a read model as large as the log (the audit), whose queries filter
   * and sort by these. Changing them changes the collection's layout: raise `version`.
   */
  columns?: readonly string[];
  /**
   * One of `columns` holding a distinct integer per document, written in ascending order (the audit's
   * position): the store's `CollectionOptions.rowKey`. Changing it changes the layout: raise `version`.
   */
  rowKey?: string;
  /**
   * Each document is made whole by the one event that creates it (`evolve(null, event)`) and no later
   * event changes it (a chat message): on a partitioned bus the realtime follower may then pass the
   * change on as soon as the event arrives, before the projector holding its partition has written it.
   */
  wholeFromOneEvent?: boolean;
  /**
   * `evolve` sees the event's personal values still sealed (EncryptedValue) and keeps them as they are; the
   * projector reveals the documents when it writes them, once per document per batch instead of once per
   * event (a member's presence text, changed thousands of times in a replay, is decrypted once per batch).
   * For a read model whose `evolve` never looks inside a personal value (copies it, or ignores it).
   */
  revealOnWrite?: boolean;
  /**
   * `evolve` answers a new object every time, shared with nothing (never `doc` itself, never a constant): the
   * runner then sets `_id` and `_position` on it instead of copying it (the audit: one document per event).
   */
  evolvesNew?: boolean;
  /**
   * Each event writes one document of its own, whose id no other event names (the audit: the event's id): a
   * catch-up past the read model's checkpoint then looks nothing up in the store and inserts its documents
   * as new (`DocumentWrite.created`). One the store already holds (another process writing the same read
   * model) is refused, and the runner reads that batch again asking the store.
   */
  documentPerEvent?: boolean;
}

/** the event types some projections apply, each once: what a reader of them waits for (`headPosition({ types })`) */
export const eventTypesOf = (projections: ReadonlyArray<Pick<Projection, 'eventTypes'>>): readonly string[] => [...new Set(projections.flatMap((projection) => projection.eventTypes))];

export const collectionName = (projection: Pick<Projection, 'name' | 'version'>): string =>
  `${projection.name}_v${projection.version}`;
