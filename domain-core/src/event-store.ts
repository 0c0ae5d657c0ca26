/**
 * The event store port. Positions are the store's global order (EventStoreDB commit position,
 * SQLite rowid) as plain numbers; revisions count events within one stream from 0.
 */
export interface EventMetadata {
  /** member who caused the event; null for system actions (seed, promotions by the system) */
  memberId: string | null;
  /** ISO-8601 time the command was decided */
  occurredAt: string;
  correlationId: string;
  causationId: string;
  /** schema version of `data` for this event type (contracts' registry) */
  schemaVersion: number;
}

export interface NewEvent<Type extends string = string, Data = unknown> {
  /** unique id (uuid); appending an event whose id is already stored is a no-op (idempotent retry) */
  id: string;
  type: Type;
  data: Data;
  metadata: EventMetadata;
}

export interface RecordedEvent<Type extends string = string, Data = unknown> extends NewEvent<Type, Data> {
  streamId: string;
  revision: number;
  position: number;
  recordedAt: string;
}

/** 'no_stream': the stream must not exist; 'any': no check; a number: the current last revision. */
export type ExpectedRevision = number | 'no_stream' | 'any';

export interface AppendResult {
  /** revision of the last event now in the stream */
  nextExpectedRevision: number;
  /** global position of the last appended event */
  position: number;
}

export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`stream ${streamId}: expected revision ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

export interface ReadAllOptions {
  /** exclusive lower bound; 0 or undefined reads from the beginning */
  after?: number;
  limit?: number;
  /**
   * only events of these types are needed (a catch-up of a reader that looks at a few types): a store may
   * leave the others out or answer them too (readers look at the type anyway). Either way an answer shorter
   * than `limit` holds every event of these types after `after` that the store had when it answered.
   */
  types?: readonly string[];
}

export interface HeadPositionOptions {
  /**
   * only events of these types matter to the caller (a read model waiting before it answers): the answer is
   * at or after the newest event of these types the store had when it answered, and at or before the head. A
   * store that cannot tell the types apart cheaply answers the head, a later position that is never wrong.
   * Types are named as stored: upcasting changes an event's data, never its type.
   */
  types?: readonly string[];
}

export interface EventSubscription {
  /** resolves when the subscription has stopped */
  stop(): Promise<void>;
}

export interface AppendOptions {
  expectedRevision: ExpectedRevision;
  /**
   * The id the stream's last event must have, besides the revision: an append decided on another append
   * that is not durable yet is refused (as a wrong expected revision) unless that append landed. Only
   * stores that say `chainsAppends` check it.
   */
  expectedLastEventId?: string;
}

/** What walking the history's hash chain found (EventStore.verifyChain). */
export interface ChainVerification {
  /** events checked, from the first */
  checked: number;
  /** the last event whose link held, and its hash: the head an auditor keeps outside the system */
  head: { position: number; hash: string } | null;
  /** the first position whose stored hash does not follow from its predecessor and its own content; null when whole */
  firstBreak: number | null;
}

export interface EventStore {
  append(streamId: string, events: readonly NewEvent[], options: AppendOptions): Promise<AppendResult>;
  /**
   * Where the store keeps its history hash-chained in global order (each event's hash covers its
   * predecessor's and its own content, written in the append's transaction): walks the chain, calling
   * `onProgress` between chunks. A store without a chain does not offer it.
   */
  verifyChain?(onProgress?: (checked: number, head: number) => void): Promise<ChainVerification>;
  /** the newest event's position and chain hash, as stored (null while empty); offered with verifyChain */
  chainHead?(): Promise<{ position: number; hash: string } | null>;
  /**
   * true when appends given in order are written in that order and `expectedLastEventId` is checked: a
   * command may then decide on the state an earlier append of its stream will leave, before it is durable
   * (the appends of one stream then share a group commit)
   */
  readonly chainsAppends?: boolean;
  /**
   * events of a stream in revision order, from `fromRevision` (default 0) on; [] when the stream does
   * not exist or has nothing from there
   */
  readStream(streamId: string, options?: { fromRevision?: number }): Promise<RecordedEvent[]>;
  /** events of all streams in global order, after the given position */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /**
   * Up to `limit` events after `after`, answered from what this store holds in memory (the events this
   * process appended lately), without a read: [] when `after` is the newest this process knows of (another
   * process may have appended more), null when memory cannot tell (read the store). Only for readers that
   * may miss newer events without harm (a read-ahead that the subscription's own deliveries complete).
   */
  readRecent?(after: number, limit: number): RecordedEvent[] | null;
  /**
   * position of the newest event (0 when empty); with `types`, of the newest event of one of these types (0
   * when there is none), for a reader that only needs to have seen those (HeadPositionOptions.types)
   */
  headPosition(options?: HeadPositionOptions): Promise<number>;
  /**
   * Catch-up subscription: delivers every event after `after` in global order, then live events.
   * The handler is awaited; events are delivered one at a time. A handler error stops the subscription
   * and is passed to `onError`.
   */
  subscribeToAll(
    options: { after: number },
    handler: (event: RecordedEvent) => Promise<void>,
    onError?: (error: unknown) => void,
  ): EventSubscription;
  close(): Promise<void>;
}
