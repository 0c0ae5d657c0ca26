import { randomUUID } from 'node:crypto';
import { DocumentConflictError, versionOf, type CollectionWrites, type DocumentCollection, type DocumentStore } from '@cn/platform/document-store';
import { RELAY_CHECKPOINT_ID, RELAY_CHECKPOINTS_COLLECTION, type BusConsumer, type Delivery, type EventBus, type RelayCheckpoint } from '@cn/platform/event-bus';
import { type EventStore, type RecordedEvent, readEvent } from '@cn/platform/event-store';
import type { PersonalDataCipher, SubjectKeys } from '@cn/platform/personal-data';
import type { ProjectedDocument, Projection, ProjectionContext } from './projection';
import { collectionName } from './projection';
import { createPartitionedSwitch, ReadModelHeldError, switchFieldsOf, type RebuildClaim } from './partitioned-switch';
import { DEFAULT_SWEEP_QUIET_MS, dropQuiet, readAbandoned, type VersionMarks, type VersionSweepOptions } from './version-sweep';
import { retryStorageFaults } from '@cn/platform/storage';

/**
 * a replay's write that said `created` met a stored document (the SQLite store inserts those rows without
 * looking; the MongoDB store ignores the hint and replaces, so it never refuses one)
 */
const isCreatedRefused = (error: unknown): boolean => {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE';
};

/** The subset of pino's logger the runner uses. */
export interface ProjectorLogger {
  info(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface ProjectorCheckpoint {
  get(): Promise<number>;
  set(position: number): Promise<void>;
}

export interface ProjectorOptions {
  name: string;
  bus: EventBus;
  /** applies events in order; live, a batch holds the one event the bus delivered */
  handle: (events: readonly RecordedEvent[]) => Promise<void>;
  checkpoint: ProjectorCheckpoint;
  /**
   * where the projector catches up from on start, in batches (one `handle` and one checkpoint per batch),
   * before it follows the bus: `start` returns once it has caught up. Without it, the bus replays.
   */
  eventStore?: EventStore;
  /** events per catch-up batch (default 2000) */
  batchSize?: number;
  /**
   * the event types `handle` looks at, when it ignores every other (a reactor): the catch-up reads only these
   * from the event store and moves the checkpoint past the others to the head it saw. Undefined: every type.
   * Live, a delivery with none of these types is passed by (no `handle`; a checkpoint only every
   * PASSED_BY_CHECKPOINT_EVERY positions and on stop); a delivery with one is handed over whole.
   */
  eventTypes?: readonly string[];
  /**
   * in place of `eventTypes`, for a `handle` whose types change with what it has seen (`VaryingTypes`): the
   * catch-up asks before each batch. Live, every delivery is handed over.
   */
  varyingTypes?: VaryingTypes;
  /**
   * live, the events at hand the bus may hand over in one `handle` (`ConsumeOptions.maxBatch`; default 1 on
   * the embedded bus): for a projector whose every write is a round trip (the search indexer on Meilisearch)
   */
  liveBatch?: number;
  logger?: ProjectorLogger;
  /** a failing event stops the projector (nothing is skipped); the service decides what to do */
  onError?: (error: unknown) => void;
  /**
   * on a bus with several partitions, the relay's checkpoint (`RelayCheckpoint`): `waitFor` reads it to learn
   * which partitions hold events up to a position. Valid for a projector that holds every partition (one
   * process in its group, like the search indexer); without it `waitFor` waits for the catch-up only.
   */
  relayCheckpoint?: { collection: DocumentCollection<RelayCheckpoint>; id?: string };
}

/**
 * The types a `handle` looks at for now, when they change with what it has seen (the upload expiry: file
 * events while no upload waits for its expiry, every type while one does, for a carrier naming it).
 */
export interface VaryingTypes {
  /** the types wanted from here on; undefined: every type */
  now(): readonly string[] | undefined;
  /**
   * true for an event after which `handle` may want more types than `now` answered before it: a catch-up
   * batch read with fewer types ends with that event, and the next one is read after it with `now` asked
   * again (an event of a type passed by in the rest of the batch could be one `handle` wants by then)
   */
  widensAfter(event: RecordedEvent): boolean;
}

export interface Projector {
  name: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** position of the last applied event; lag = event store head - position() */
  position(): number;
  /**
   * true as soon as position() >= position; false once the projector made no progress for timeoutMs (no
   * batch applied or being applied), or after WAIT_FOLLOWS_AT_MOST times timeoutMs however busy it is
   */
  waitFor(position: number, timeoutMs: number): Promise<boolean>;
}

interface Waiter {
  position: number;
  resolve: (reached: boolean) => void;
  timer: NodeJS.Timeout;
}

/**
 * How a projector is getting on, for a wait that follows it: when it last moved (a batch applied or begun)
 * and whether a batch is being applied now.
 */
export interface ProjectorProgress {
  lastProgressAt: number;
  working: boolean;
}

/** however busy the projector, a wait gives up after this many times its `timeoutMs` */
export const WAIT_FOLLOWS_AT_MOST = 6;
/** how often a wait past its first `timeoutMs` looks again whether the projector is still getting on */
const FOLLOW_CHECK_MS = 250;

/**
 * A wait that follows the projector's real progress: it gives up only once the projector made no progress
 * for `timeoutMs` (nothing applied, no batch being applied), or after `WAIT_FOLLOWS_AT_MOST` times that.
 * A projector whose every write waits for an asynchronous task (the search indexer on Meilisearch) is
 * thus waited for while it applies the events before the position, instead of answering without them.
 */
const gaveUp = (progress: ProjectorProgress | undefined, startedAt: number, timeoutMs: number): boolean => {
  const now = Date.now();
  if (now - startedAt >= timeoutMs * WAIT_FOLLOWS_AT_MOST) return true;
  if (!progress) return now - startedAt >= timeoutMs;
  return !progress.working && now - Math.max(startedAt, progress.lastProgressAt) >= timeoutMs;
};

/** true at once when `wanted` is reached, else once a later advance reaches it, false once it gave up (`gaveUp`) */
const waitForPosition = (waiters: Set<Waiter>, current: number, wanted: number, timeoutMs: number, progress?: ProjectorProgress): Promise<boolean> => {
  if (current >= wanted) return Promise.resolve(true);
  const startedAt = Date.now();
  return new Promise<boolean>((resolve) => {
    const look = (): void => {
      if (gaveUp(progress, startedAt, timeoutMs)) {
        waiters.delete(waiter);
        resolve(false);
        return;
      }
      waiter.timer = setTimeout(look, Math.min(FOLLOW_CHECK_MS, timeoutMs));
    };
    const waiter: Waiter = { position: wanted, resolve, timer: setTimeout(look, timeoutMs) };
    waiters.add(waiter);
  });
};

const REPLAY_BATCH = 2000;
/**
 * live, a projector with `eventTypes` passes the other types by without a checkpoint per turn: it writes one
 * when it has passed this many positions since its last, or when it stops. A restart then reads at most
 * this many positions again, and only rows of its types (what the catch-up reads).
 */
const PASSED_BY_CHECKPOINT_EVERY = 1000;
/** events behind from which a catch-up defers a document-per-event read model's indexes (`deferIndexes`) */
const DEFER_INDEXES_GAP = 20_000;

export const createProjector = (options: ProjectorOptions): Projector => {
  let position = 0;
  /** the position of the last checkpoint read or written */
  let saved = 0;
  const types = options.eventTypes ? new Set(options.eventTypes) : null;
  let consumer: BusConsumer | null = null;
  let stopping = false;
  const waiters = new Set<Waiter>();
  const progress: ProjectorProgress = { lastProgressAt: Date.now(), working: false };
  /** applies a batch, the wait for a position following it (`gaveUp`) */
  const working = async (apply: () => Promise<void>): Promise<void> => {
    progress.working = true;
    progress.lastProgressAt = Date.now();
    try {
      await apply();
    } finally {
      progress.working = false;
      progress.lastProgressAt = Date.now();
    }
  };

  const advance = (to: number): void => {
    position = to;
    for (const waiter of [...waiters]) {
      if (waiter.position > position) continue;
      clearTimeout(waiter.timer);
      waiters.delete(waiter);
      waiter.resolve(true);
    }
  };

  const waitOutStorage = (work: () => Promise<void>, at: number): Promise<void> =>
    retryStorageFaults(work, {
      stopped: () => stopping,
      onFault: (error, attempt) => options.logger?.error({ projector: options.name, position: at, attempt, err: error }, 'projector waits for the storage'),
    });

  /**
   * applies a catch-up batch and moves the checkpoint once (to `passedTo` when the events of other types up
   * to there were passed by), a full disk or an unreachable store waited out on it
   */
  const applyBatch = async (events: readonly RecordedEvent[], passedTo = 0): Promise<void> => {
    const fresh = events.filter((event) => event.position > position);
    const last = Math.max(fresh[fresh.length - 1]?.position ?? 0, passedTo);
    if (last <= position) return;
    await working(() =>
      waitOutStorage(async () => {
        if (fresh.length > 0) await options.handle(fresh);
        await options.checkpoint.set(last);
        saved = last;
      }, last),
    );
    advance(last);
  };

  // live, the checkpoint is written once per turn of the event loop, not per event: after a crash the few
  // events since are handled again, which the bus's at-least-once delivery asks of every handle anyway
  let unsaved: number | null = null;
  let saving: Promise<void> | null = null;
  const saveCheckpoint = async (): Promise<void> => {
    while (unsaved !== null) {
      const at: number = unsaved;
      unsaved = null;
      await waitOutStorage(() => options.checkpoint.set(at), at);
      saved = Math.max(saved, at);
    }
  };
  const checkpointSoon = (at: number): void => {
    unsaved = at;
    saving ??= new Promise<void>((resolve) => setImmediate(resolve))
      .then(saveCheckpoint)
      .catch((error: unknown) => options.logger?.error({ projector: options.name, position: at, err: error }, 'writing the checkpoint failed'))
      .finally(() => {
        saving = null;
      });
  };
  // on a bus with several partitions the log's order holds per partition only: an event is new when it is
  // past the start (what the catch-up applied) and past the last one handled from its own partition
  let partitioned = false;
  const lastByPartition = new Map<number, number>();
  /** what the bus delivered at once (Kafka: a fetched batch), in one handle; the checkpoint follows soon */
  const applyLive = async (events: readonly RecordedEvent[], delivery: Delivery): Promise<void> => {
    if (partitioned) {
      const floor = Math.max(position, lastByPartition.get(delivery.partition) ?? 0);
      const fresh = events.filter((event) => event.position > floor);
      if (fresh.length === 0) return;
      const last = fresh[fresh.length - 1].position;
      await working(() => waitOutStorage(() => options.handle(fresh), last));
      // the checkpoint (one global position) stays where the catch-up left it: Kafka's offsets say what
      // each partition handled, and a restart handles the rest of the log again (at least once)
      lastByPartition.set(delivery.partition, last);
      return;
    }
    const fresh = events.filter((event) => event.position > position);
    if (fresh.length === 0) return;
    const last = fresh[fresh.length - 1].position;
    if (types && !fresh.some((event) => types.has(event.type))) {
      // nothing `handle` acts on (the catch-up would not even read these): no handle, and a checkpoint only
      // now and then (most live events are of other types: a checkpoint per turn was most of a reactor's cost)
      advance(last);
      if (last - saved >= PASSED_BY_CHECKPOINT_EVERY) checkpointSoon(last);
      return;
    }
    await working(() => waitOutStorage(() => options.handle(fresh), last));
    advance(last);
    checkpointSoon(last);
  };

  /** this process handled every partition's events up to `wanted` (the relay's checkpoint says where they are) */
  const waitAcrossPartitions = async (wanted: number, timeoutMs: number): Promise<boolean> => {
    const startedAt = Date.now();
    for (;;) {
      const relay = await options.relayCheckpoint?.collection.get(options.relayCheckpoint.id ?? RELAY_CHECKPOINT_ID);
      const reached =
        relay !== null &&
        relay !== undefined &&
        relay.position >= wanted &&
        Object.entries(relay.partitions ?? {}).every(
          ([partition, last]) => Math.max(position, lastByPartition.get(Number(partition)) ?? 0) >= Math.min(wanted, last),
        );
      if (reached) return true;
      if (gaveUp(progress, startedAt, timeoutMs)) return false;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  /**
   * replays what the checkpoint has not seen from the event store, batch by batch, yielding in between; with
   * `eventTypes`, only events of those types (a reactor far behind reads a few rows instead of the whole log)
   */
  const catchUp = async (eventStore: EventStore): Promise<void> => {
    const limit = options.batchSize ?? REPLAY_BATCH;
    const varying = options.varyingTypes;
    for (;;) {
      if (stopping) return;
      const wanted = varying ? varying.now() : options.eventTypes;
      // the head before the read: a short answer holds every event of the types up to it (ReadAllOptions.types)
      const head = wanted ? await eventStore.headPosition() : 0;
      const batch = await eventStore.readAll({ after: position, limit, types: wanted });
      // read with fewer types than `handle` may want after one of these events: the batch ends with it
      const widening = varying && wanted ? batch.findIndex((event) => varying.widensAfter(event)) : -1;
      if (widening >= 0) {
        await applyBatch(batch.slice(0, widening + 1));
      } else if (wanted && batch.length < limit) {
        await applyBatch(batch, head);
        return;
      } else {
        if (batch.length === 0) return;
        await applyBatch(batch);
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
  };

  return {
    name: options.name,
    start: async () => {
      if (consumer) return;
      stopping = false;
      saved = await options.checkpoint.get();
      advance(saved);
      options.logger?.info({ projector: options.name, position }, 'projector starting');
      if (options.eventStore) await catchUp(options.eventStore);
      partitioned = (await options.bus.partitions()) > 1;
      lastByPartition.clear();
      consumer = await options.bus.consume({
        groupId: options.name,
        // the bus delivers at least once; the checkpoint says what was already applied
        handledUpTo: position,
        handleBatch: applyLive,
        maxBatch: options.liveBatch,
        onError: (error) => {
          options.logger?.error({ projector: options.name, position, err: error }, 'projector stopped by an error');
          consumer = null;
          options.onError?.(error);
        },
      });
    },
    stop: async () => {
      stopping = true;
      const running = consumer;
      consumer = null;
      await running?.stop();
      await saving;
      // what was passed by since the last checkpoint too (unsaved is at most the position)
      const last = unsaved ?? (!partitioned && position > saved ? position : null);
      if (last !== null) await options.checkpoint.set(last).then(() => { saved = last; }, () => undefined);
      unsaved = null;
    },
    position: () => (partitioned ? Math.max(position, ...lastByPartition.values()) : position),
    waitFor: (wanted, timeoutMs) =>
      partitioned && options.relayCheckpoint ? waitAcrossPartitions(wanted, timeoutMs) : waitForPosition(waiters, position, wanted, timeoutMs, progress),
  };
};

export interface DocumentChange {
  collection: string;
  id: string;
  doc: ProjectedDocument | null;
  event: RecordedEvent;
}

export interface DocumentProjectorOptions {
  name: string;
  projections: readonly Projection[];
  bus: EventBus;
  /** where a read model that is behind (new, rebuilt, recovered) catches up from, at rebuild speed */
  eventStore: EventStore;
  documentStore: DocumentStore;
  cipher: PersonalDataCipher;
  logger?: ProjectorLogger;
  /** called when a read model stops on an event it cannot apply (the others go on; it retries by itself) */
  onError?: (error: unknown) => void;
  /** called after each written or deleted document (realtime channel) */
  onChange?: (change: DocumentChange) => void;
  /** first wait before a failed read model tries again (doubles up to a minute; default 1 s) */
  retryDelayMs?: number;
  /**
   * true when `eventStore` holds every event the bus delivers (the embedded bus reads it; the command
   * side's own log): a delivery is then acknowledged before its turn is written, so that the events of
   * a turn share its transactions, and a crash in between is made good by the catch-up from the read
   * models' checkpoints. Otherwise (a read service on Kafka) a delivery is acknowledged only once its
   * documents are written, so that the bus's offsets never run ahead of them.
   */
  acknowledgeBeforeWrite?: boolean;
  /**
   * on a bus with several partitions, where the relay keeps its checkpoint (`RelayCheckpoint`): waiting for
   * a global position reads it (default: `_relay_checkpoints`/`kafka-relay` of `documentStore`)
   */
  relayCheckpoint?: { collection: string; id: string };
  /** how often a wait for a position looks at the shared checkpoints on a partitioned bus (default 20 ms) */
  partitionPollMs?: number;
  /**
   * how long the collections of a read model's earlier versions must go unwritten before they are dropped
   * (version-sweep.ts; default 10 minutes; Infinity keeps them)
   */
  sweepQuietMs?: number;
  /**
   * a blue/green switch on a partitioned bus (partitioned-switch.ts): how often a held batch looks again and
   * its owner says it is alive (default 250 ms), and after how long unseen an owner is taken as gone (10 s)
   */
  switchPollMs?: number;
  switchGoneAfterMs?: number;
}

/** What a read model's projector reports about it. */
export interface ReadModelStatus {
  name: string;
  collection: string;
  position: number;
  failing: boolean;
}

/** A read model being rebuilt beside its live version (blue/green). */
export interface ReadModelRebuildStatus {
  name: string;
  /** the live collection, which keeps serving until the switch */
  collection: string;
  /** where the new version is built */
  next: string;
  /** how far the new version has replayed the history */
  position: number;
}

export interface DocumentProjector extends Projector {
  /**
   * Clears the read models' collections (all, or the named ones: a projection's name or collection),
   * replays them from the event store, then follows the bus again; the other read models keep theirs.
   */
  rebuild(eventStore?: EventStore, only?: readonly string[]): Promise<void>;
  /**
   * Blue/green: replays one read model (its name or collection) from position 0 into a new collection
   * while the live one keeps serving and following the bus; once the new one has caught up, live events
   * wait a moment while it takes the old one's place (`replaceWith`, one step). On a bus with several
   * partitions every replica of this projector is held through the partition checkpoints meanwhile, and goes on
   * past the switch's position on the new version (partitioned-switch.ts). `onProgress` hears the new
   * version's position after each batch. Resolves with the position it switched at.
   */
  rebuildBeside(readModel: string, onProgress?: (position: number) => void): Promise<number>;
  rebuilds(): ReadModelRebuildStatus[];
  /**
   * whether a blue/green rebuild of the read model (its name or collection) runs: in this process, or on a bus
   * with several partitions in any replica of this projector (its claim's owner still says it is alive)
   */
  rebuildRunning(readModel: string): Promise<boolean>;
  readModels(): ReadModelStatus[];
}

/** where a read model's new version is built beside the live one */
export const nextCollectionOf = (collection: string): string => `${collection}__next`;

export const CHECKPOINTS_COLLECTION = '_checkpoints';
const MAX_RETRY_DELAY_MS = 60_000;
/** documents of one read model a replay keeps known across its batches */
const REPLAY_CACHE_LIMIT = 50_000;

/** What a replay with nothing else writing its read models keeps across its batches. */
interface Replay {
  documents: Map<Track, Map<string, ProjectedDocument | null>>;
  /** for a read model replayed into an empty collection, the ids the replay has written */
  written: Map<Track, Set<string>>;
}

/** where every event of one total order (the embedded log, a bus with one partition) is applied */
const ONE_PARTITION: ProjectionContext = { partition: 0 };

/** an event with the partition it was delivered from */
interface PartitionEvent {
  event: RecordedEvent;
  partition: number;
}

/** how far behind a read model's checkpoint may stay while it only passes events by */
const CHECKPOINT_LAG_MS = 1000;

interface CheckpointDocument extends ProjectedDocument {
  position: number;
}

/** a read model's checkpoint at `position`, as a change of the checkpoints collection */
const checkpointChange = (track: Track, position: number): { id: string; doc: CheckpointDocument } => ({
  id: track.checkpointId,
  doc: { _id: track.checkpointId, position, _position: position },
});

/** One read model under a projector: its own checkpoint, its own failure. */
interface Track {
  projection: Projection;
  /** the projection's event types, looked up per event (the audit's are every type there is) */
  types: ReadonlySet<string>;
  collection: string;
  checkpointId: string;
  position: number;
  /** the position its checkpoint holds (behind `position` by at most a second of passed-by events) */
  saved: number;
  /** the error it stopped on, until a retry gets past it */
  failure: unknown;
  retryDelayMs: number;
  retrying: boolean;
  /**
   * the new version of a switch on a partitioned bus: its checkpoint is written conditionally on the version
   * this replay last wrote, so that of two replays of it (an owner taken for gone that still runs, and the
   * replica that took its switch over) the second writer of a batch is refused. Each batch first claims the
   * checkpoint (`pending`: a compare-and-set, before any document), then writes its documents, then the
   * checkpoint at the batch's end: a store without transactions (MongoDB, FerretDB) writes nothing of a batch
   * whose claim is refused, and a crash between claim and checkpoint leaves `pending` for a taker to see
   * (SQLite: the three in one transaction)
   */
  fence?: { version: number };
}

/**
 * A projector for read models in the document store. Every read model (projection) keeps its own
 * checkpoint (`_checkpoints`, id `<projector>/<collection>`): one that fails on an event stops alone and
 * retries with a growing delay while the others go on; a new, rebuilt or recovered one catches up from the
 * event store in batches before the projector follows the bus. Checkpoints are written once per turn of
 * the event loop, not per event: documents carry `_position`, so what is applied again after a crash is
 * skipped.
 */
export const createDocumentProjector = (options: DocumentProjectorOptions): DocumentProjector => {
  const checkpoints = options.documentStore.collection<CheckpointDocument>(CHECKPOINTS_COLLECTION);
  const tracks: Track[] = options.projections.map((projection) => ({
    projection,
    types: new Set(projection.eventTypes),
    collection: collectionName(projection),
    checkpointId: `${options.name}/${collectionName(projection)}`,
    position: 0,
    saved: 0,
    failure: null,
    retryDelayMs: options.retryDelayMs ?? 1000,
    retrying: false,
  }));
  let consumer: BusConsumer | null = null;
  let stopping = false;
  const waiters = new Set<Waiter>();
  let checkpointsWrittenAt = 0;
  /** a read model's collection, kept as its projection asks (columns, row key) */
  const collectionOf = <T extends ProjectedDocument = ProjectedDocument>(track: Track): DocumentCollection<T> =>
    options.documentStore.collection<T>(track.collection, track.projection.columns ? { columns: track.projection.columns, rowKey: track.projection.rowKey } : undefined);

  /** the checkpoints that lag behind their read models' positions, written (on stop) */
  const saveLagging = async (): Promise<void> => {
    const lagging = tracks.filter((track) => track.saved < track.position);
    if (lagging.length === 0) return;
    await options.documentStore.writeAll([
      {
        collection: CHECKPOINTS_COLLECTION,
        changes: lagging.map((track) => checkpointChange(track, track.position)),
      },
    ]);
    for (const track of lagging) track.saved = track.position;
  };
  // a checkpoint left behind by a quiet turn is written within the lag, even if no later turn writes
  let lagTimer: NodeJS.Timeout | null = null;
  const saveLaggingSoon = (): void => {
    if (lagTimer || !tracks.some((track) => track.saved < track.position)) return;
    lagTimer = setTimeout(() => {
      lagTimer = null;
      saveLagging()
        .then(() => {
          checkpointsWrittenAt = Date.now();
        })
        .catch((error: unknown) => options.logger?.error({ projector: options.name, err: error }, 'writing checkpoints failed'));
    }, CHECKPOINT_LAG_MS);
    lagTimer.unref();
  };

  /** the position every read model that works has reached (a failing one does not hold the others' readers) */
  const position = (): number => {
    const working = tracks.filter((track) => track.failure === null);
    return working.length === 0 ? Math.min(...tracks.map((track) => track.position)) : Math.min(...working.map((track) => track.position));
  };
  const wakeWaiters = (): void => {
    const reached = position();
    for (const waiter of [...waiters]) {
      if (waiter.position > reached) continue;
      clearTimeout(waiter.timer);
      waiters.delete(waiter);
      waiter.resolve(true);
    }
  };

  // ---- applying one event to the read models that have not seen it ----
  /**
   * How applying reaches the documents and moves a read model on: through documents kept in memory and
   * written at the end of the batch (a catch-up batch, or a turn of live events).
   */
  interface Writes {
    /** the document when it is known without reading the store (null: there is none), else undefined */
    peek(track: Track, id: string): ProjectedDocument | null | undefined;
    get(track: Track, id: string): Promise<ProjectedDocument | null>;
    put(track: Track, id: string, doc: ProjectedDocument | null): void;
    advance(track: Track, position: number): void;
    /** a document changed: told to onChange once it is written */
    changed(change: DocumentChange): void;
  }

  /** one document's step: evolved from `current` (undefined: looked up above) and put with the event's position */
  const applyDocument = (track: Track, id: string, current: ProjectedDocument | null, event: RecordedEvent, revealed: RecordedEvent, writes: Writes): void => {
    // already applied (redelivery, or replay after a crash between document and checkpoint)
    if (current && current._position >= event.position) return;
    const next = track.projection.evolve(current, revealed, id);
    if (next === null) {
      if (!current) return;
      writes.put(track, id, null);
      writes.changed({ collection: track.collection, id, doc: null, event });
      return;
    }
    // a projection whose evolve answers a new object each time has it completed in place, not copied
    let doc: ProjectedDocument;
    if (track.projection.evolvesNew === true) {
      doc = next as ProjectedDocument;
      doc._id = id;
      doc._position = event.position;
    } else doc = { ...next, _id: id, _position: event.position };
    writes.put(track, id, doc);
    writes.changed({ collection: track.collection, id, doc, event });
  };

  const applyTo = async (track: Track, event: RecordedEvent, revealed: RecordedEvent, writes: Writes): Promise<void> => {
    // one total order (the embedded log, a bus with one partition): partition 0
    for (const id of track.projection.documentIds(revealed, ONE_PARTITION)) {
      const kept = writes.peek(track, id);
      applyDocument(track, id, kept !== undefined ? kept : await writes.get(track, id), event, revealed, writes);
    }
  };

  /**
   * Applies the event at once, without a promise, when every document it touches is at hand (most of a
   * replay's, and every one of a read model replayed into an empty collection): true when applied; false,
   * with nothing applied, when one must be read from the store.
   */
  const applyKnown = (track: Track, event: RecordedEvent, revealed: RecordedEvent, writes: Writes): boolean => {
    const ids = track.projection.documentIds(revealed, ONE_PARTITION);
    for (const id of ids) if (writes.peek(track, id) === undefined) return false;
    for (const id of ids) applyDocument(track, id, writes.peek(track, id) ?? null, event, revealed, writes);
    return true;
  };

  const waitOutStorage = <T>(work: () => Promise<T>, track: Track | null, position: number): Promise<T> =>
    // a full disk or an unreachable store is waited out on this very work: nothing is skipped
    retryStorageFaults(work, {
      stopped: () => stopping,
      onFault: (error, attempt) =>
        options.logger?.error({ projector: options.name, readModel: track?.collection, position, attempt, err: error }, 'read model waits for the storage'),
    });

  /**
   * Applies an event to those of `interested` (read models of its type) that work and have not seen it. In a
   * catch-up batch, one that fails here moves to `passed` (the event before) and joins `failed`.
   */
  const applyToInterested = (
    delivered: RecordedEvent,
    interested: readonly Track[],
    writes: Writes,
    keys?: SubjectKeys,
    batch?: { passed: number; failed: Set<Track> },
  ): Promise<void> | undefined => {
    const due = interested.filter((track) => track.failure === null && track.position < delivered.position);
    if (due.length === 0) return undefined;
    const event = readEvent(delivered);
    const failed = (track: Track, error: unknown): void => {
      if (stopping) throw error;
      fail(track, error, event.position);
      if (batch) {
        batch.failed.add(track);
        if (batch.passed > track.position) writes.advance(track, batch.passed);
      }
    };
    // revealed once for the read models that see it revealed; those that reveal their documents when written
    // (revealOnWrite) see it sealed, as do all when it holds nothing to reveal
    // (looked at only when a read model that sees events revealed has it)
    let nothingToReveal: boolean | undefined;
    const seesAsItIs = (track: Track): boolean => track.projection.revealOnWrite === true || (nothingToReveal ??= options.cipher.needsReveal?.(event) === false);
    let revealed: RecordedEvent | undefined;
    // without a promise while nothing has to be revealed or read (a replay's usual case: its garbage and
    // its microtasks were a good part of a rebuild's time), else the rest is applied asynchronously
    for (let i = 0; i < due.length; i += 1) {
      const track = due[i];
      if (seesAsItIs(track)) {
        try {
          if (applyKnown(track, event, event, writes)) continue;
        } catch (error) {
          failed(track, error);
          continue;
        }
      }
      return (async () => {
        for (const later of due.slice(i)) {
          try {
            const seen = seesAsItIs(later) ? event : (revealed ??= await options.cipher.reveal(event, keys));
            await waitOutStorage(() => applyTo(later, event, seen, writes), later, event.position);
          } catch (error) {
            failed(later, error);
          }
        }
      })();
    }
    return undefined;
  };

  const apply = async (delivered: RecordedEvent, among: readonly Track[], writes: Writes): Promise<void> => {
    const behind = among.filter((track) => track.failure === null && track.position < delivered.position);
    if (behind.length === 0) return;
    await applyToInterested(
      delivered,
      behind.filter((track) => track.types.has(delivered.type)),
      writes,
    );
    for (const track of behind) {
      if (track.failure === null) writes.advance(track, delivered.position);
    }
  };

  /**
   * A catch-up batch: documents read once and kept, changes written per collection in one transaction at
   * the end, then the read models' positions move (never before their documents are written).
   */
  const wholeCollections = new Set(tracks.filter((track) => track.projection.wholeFromOneEvent === true).map((track) => track.collection));
  const batchWrites = (allCheckpoints: boolean, replay?: Replay, perEvent?: ReadonlySet<Track>) => {
    const documents = replay?.documents ?? new Map<Track, Map<string, ProjectedDocument | null>>();
    const changed = new Map<Track, Set<string>>();
    /** ids of `perEvent` read models (a document per event) taken for new without asking the store */
    const unseen = new Map<Track, Set<string>>();
    /** documents this batch writes first in a collection the replay emptied: inserted, never looked up */
    const created = new Map<Track, Set<string>>();
    const createdOf = (track: Track): Set<string> => {
      let ids = created.get(track);
      if (!ids) {
        ids = new Set();
        created.set(track, ids);
      }
      return ids;
    };
    const reached = new Map<Track, number>();
    const changes: DocumentChange[] = [];
    const of = (track: Track): Map<string, ProjectedDocument | null> => {
      let known = documents.get(track);
      if (!known) {
        known = new Map();
        documents.set(track, known);
      }
      return known;
    };
    const writes: Writes = {
      peek: (track, id) => {
        const known = of(track);
        // a document read or written is kept (null when there is none): undefined only when never looked up
        const doc = known.get(id);
        if (doc !== undefined) return doc;
        // replaying into an empty collection: what this replay has not written does not exist
        const written = replay?.written.get(track);
        if (written && !written.has(id)) {
          known.set(id, null);
          return null;
        }
        // a document per event, past the read model's checkpoint: not stored yet (a refused insert says otherwise)
        if (written || !perEvent?.has(track)) return undefined;
        let ids = unseen.get(track);
        if (!ids) {
          ids = new Set();
          unseen.set(track, ids);
        }
        ids.add(id);
        known.set(id, null);
        return null;
      },
      get: async (track, id) => {
        const known = of(track);
        if (known.has(id)) return known.get(id) ?? null;
        // replaying into an empty collection: what this replay has not written does not exist
        const written = replay?.written.get(track);
        const doc = written && !written.has(id) ? null : await collectionOf<ProjectedDocument>(track).get(id);
        known.set(id, doc);
        return doc;
      },
      put: (track, id, doc) => {
        const written = replay?.written.get(track);
        if (written && !written.has(id)) {
          written.add(id);
          createdOf(track).add(id);
        } else if (unseen.get(track)?.delete(id)) createdOf(track).add(id);
        of(track).set(id, doc);
        let ids = changed.get(track);
        if (!ids) {
          ids = new Set();
          changed.set(track, ids);
        }
        ids.add(id);
      },
      advance: (track, position) => {
        reached.set(track, position);
      },
      changed: (change) => {
        changes.push(change);
      },
    };
    /**
     * The batch's documents and the checkpoints of the read models it moved, written together (in one
     * transaction where the store has them: a crash keeps both or neither); then the positions move.
     */
    const flush = async (): Promise<void> => {
      // the documents of read models that reveal when written: revealed once each (what is kept in memory
      // stays sealed, as their evolve sees it)
      const keys: SubjectKeys = new Map();
      const revealedDocs = new Map<ProjectedDocument, ProjectedDocument>();
      const revealDoc = async (doc: ProjectedDocument | null): Promise<ProjectedDocument | null> => {
        if (doc === null) return null;
        let revealed = revealedDocs.get(doc);
        if (!revealed) {
          revealed = await options.cipher.reveal(doc, keys);
          revealedDocs.set(doc, revealed);
        }
        return revealed;
      };
      const written: CollectionWrites[] = [];
      for (const [track, ids] of changed) {
        const known = of(track);
        const fresh = created.get(track);
        const docOf = track.projection.revealOnWrite === true ? (id: string) => revealDoc(known.get(id) ?? null) : (id: string) => Promise.resolve(known.get(id) ?? null);
        const collectionChanges: CollectionWrites['changes'][number][] = [];
        for (const id of ids) {
          const doc = await docOf(id);
          if (!fresh?.has(id)) collectionChanges.push({ id, doc });
          // created and deleted again within the batch: nothing to write
          else if (doc !== null) collectionChanges.push({ id, doc, created: true });
        }
        written.push({ collection: track.collection, changes: collectionChanges });
      }
      if (revealedDocs.size > 0) {
        // what is told carries revealed documents too: a replay tells each such document once, as written;
        // live, every change is told, each revealed
        const told: DocumentChange[] = [];
        const revealing = new Set([...changed.keys()].filter((track) => track.projection.revealOnWrite === true).map((track) => track.collection));
        for (const change of changes) {
          if (!revealing.has(change.collection) || change.doc === null) told.push(change);
          else if (revealedDocs.has(change.doc)) told.push({ ...change, doc: revealedDocs.get(change.doc) ?? null });
          else if (!replay) told.push({ ...change, doc: await revealDoc(change.doc) });
        }
        changes.splice(0, changes.length, ...told);
      }
      // a read model whose documents changed moves its checkpoint with them; one that only passed events by
      // (not of its types) moves it at most once a second: after a crash it passes them by again
      const now = Date.now();
      const everyone = allCheckpoints || now - checkpointsWrittenAt >= CHECKPOINT_LAG_MS;
      const saved = [...reached].filter(([track]) => everyone || changed.has(track));
      if (saved.length > 0) {
        // a fenced replay claims its checkpoint before its documents are written (see `Track.fence`)
        const claims = saved.flatMap(([track, position]) => {
          if (!track.fence) return [];
          const { version } = track.fence;
          return [{ id: track.checkpointId, doc: { ...checkpointChange(track, track.saved).doc, pending: position, _version: version + 1 }, ifVersion: version }];
        });
        if (claims.length > 0) written.unshift({ collection: CHECKPOINTS_COLLECTION, changes: claims });
        written.push({
          collection: CHECKPOINTS_COLLECTION,
          changes: saved.map(([track, position]) => {
            const change = checkpointChange(track, position);
            return track.fence ? { ...change, doc: { ...change.doc, _version: track.fence.version + 2 }, ifVersion: track.fence.version + 1 } : change;
          }),
        });
      }
      if (replay) {
        // the documents stay known to the next batch of the replay, up to a bound; those this batch created
        // go: most are never touched again (the audit's, one per event), and kept they would fill the heap
        // for the garbage collector to trace over and over; one touched again is read back once, then kept
        for (const [track, ids] of created) {
          const known = documents.get(track);
          if (known) for (const id of ids) known.delete(id);
        }
        for (const [track, known] of documents) if (known.size > REPLAY_CACHE_LIMIT) documents.delete(track);
      }
      // a document one event makes whole (a chat message) is told before its write: it is what will be written
      const early = replay ? [] : changes.filter((change) => change.doc !== null && wholeCollections.has(change.collection));
      for (const change of early) options.onChange?.(change);
      if (written.length > 0) {
        const furthest = Math.max(0, ...reached.values());
        await waitOutStorage(() => options.documentStore.writeAll(written), null, furthest);
        if (everyone) checkpointsWrittenAt = now;
      }
      for (const [track, position] of reached) {
        track.position = position;
        if (everyone || changed.has(track)) {
          track.saved = position;
          if (track.fence) track.fence.version += 2;
        }
      }
      saveLaggingSoon();
      // the others told once written: a realtime publisher that reads the store sees what changed
      for (const change of changes) if (!early.includes(change)) options.onChange?.(change);
    };
    /** the read models the batch moves, and to where */
    const moves = (): Array<[Track, number]> => [...reached];
    return { writes, flush, moves };
  };

  // ---- a read model that failed retries by itself, catching up from the event store ----
  const fail = (track: Track, error: unknown, at: number): void => {
    track.failure = error;
    options.logger?.error({ projector: options.name, readModel: track.collection, position: at, err: error }, 'read model stopped on an event; the others go on');
    options.onError?.(error);
    wakeWaiters();
    if (!track.retrying) void retry(track);
  };
  const retry = async (track: Track): Promise<void> => {
    track.retrying = true;
    try {
      while (track.failure !== null && !stopping) {
        await new Promise((resolve) => setTimeout(resolve, track.retryDelayMs).unref());
        if (stopping) return;
        track.retryDelayMs = Math.min(MAX_RETRY_DELAY_MS, track.retryDelayMs * 2);
        track.failure = null;
        await catchUp([track]);
        if (track.failure === null) options.logger?.info({ projector: options.name, readModel: track.collection, position: track.position }, 'read model recovered');
      }
    } finally {
      track.retrying = false;
    }
  };

  /**
   * A start's catch-up. Far behind, a read model with a document per event inserts without its indexes and
   * builds them once at the end, as a rebuild does: random values inserted one by one (the ids, the audit's
   * correlation ids) dirty a page each per batch, and every index a row enters is a write more per row.
   * A crash meanwhile leaves the table without them, and the next start builds them again (ensureIndexes).
   */
  const startCatchUp = async (behind: readonly Track[]): Promise<void> => {
    const perEvent = behind.filter((track) => track.failure === null && track.projection.documentPerEvent === true && track.projection.indexes?.length);
    const farBehind = perEvent.length > 0 && (await options.eventStore.headPosition()) - Math.min(...perEvent.map((track) => track.position)) >= DEFER_INDEXES_GAP;
    const deferring = farBehind ? perEvent : [];
    for (const track of deferring) await collectionOf(track).deferIndexes?.();
    try {
      await catchUp(behind);
    } finally {
      // the indexes come back, each built once over every row, before the catch-up counts as done
      for (const track of deferring) for (const fields of track.projection.indexes ?? []) await collectionOf(track).ensureIndex(fields);
    }
  };

  /**
   * replays from the event store what the given read models have not seen, in batches; `alone` when
   * nothing else writes them meanwhile (default: while the bus is not followed)
   */
  const catchUp = async (behind: readonly Track[], alone = consumer === null, onBatch?: () => void, until = Number.POSITIVE_INFINITY): Promise<void> => {
    const working = () => behind.filter((track) => track.failure === null);
    if (working().length === 0) return;
    let after = Math.min(...working().map((track) => track.position));
    // with nothing following the bus meanwhile (a start, a rebuild, a new version beside the live one),
    // this replay alone writes its read models: documents stay known across batches, and a read model
    // replayed from an empty collection reads back only what the replay wrote
    let replay: Replay | undefined = alone ? { documents: new Map(), written: new Map() } : undefined;
    // read models with a document per event insert theirs without looking them up (Projection.documentPerEvent)
    let perEvent: ReadonlySet<Track> | undefined = new Set(behind.filter((track) => track.projection.documentPerEvent === true));
    if (perEvent.size === 0) perEvent = undefined;
    if (replay) {
      for (const track of working()) {
        if (track.position === 0 && (await collectionOf(track).count()) === 0) replay.written.set(track, new Set());
      }
    }
    for (;;) {
      if (stopping || working().length === 0 || after >= until) return;
      // only the types these read models apply are read (a narrow read model far behind reads a few rows of
      // the log, not all of it); the head is taken before the read: a short answer holds every event of
      // those types up to it, so the read models move on to it (ReadAllOptions.types)
      const types = [...new Set(working().flatMap((track) => [...track.types]))];
      const head = await options.eventStore.headPosition();
      const read = await options.eventStore.readAll({ after, limit: REPLAY_BATCH, types });
      const short = read.length < REPLAY_BATCH;
      // a replay up to a cut (a switch on a partitioned bus) leaves what comes after it to the live replicas
      const batch = read.filter((event) => event.position <= until);
      const passedTo = short ? Math.min(head, until) : 0;
      if (batch.length === 0 && passedTo <= after) return;
      // a catch-up batch is large: every read model it moved keeps its checkpoint with it
      const writing = batchWrites(true, replay, perEvent);
      const keys: SubjectKeys = new Map();
      // the read models of each type, looked up once per batch (not every read model for every event), and
      // positions moved once at the end: a batch holds every event after the lowest position among them
      const moving = working();
      const ofType = new Map<string, Track[]>();
      const failed = new Set<Track>();
      let passed = after;
      for (const event of batch) {
        let interested = ofType.get(event.type);
        if (!interested) {
          interested = moving.filter((track) => track.types.has(event.type));
          ofType.set(event.type, interested);
        }
        if (interested.length > 0) {
          const applying = applyToInterested(event, interested, writing.writes, keys, { passed, failed });
          if (applying) await applying;
        }
        passed = event.position;
      }
      // the events of other types up to the head were passed by
      passed = Math.max(passed, passedTo);
      for (const track of moving) {
        if (!failed.has(track) && track.failure === null && track.position < passed) writing.writes.advance(track, passed);
      }
      try {
        await writing.flush();
      } catch (error) {
        // another process on the same store wrote a read model this replay took for its own (a second
        // replica starting while the first still projects): the batch is rolled back whole and read again,
        // this time asking the store what each document holds
        if ((!replay && !perEvent) || !isCreatedRefused(error)) throw error;
        options.logger?.info({ projector: options.name, position: after }, 'another writer on the read models: the catch-up reads them back');
        replay = undefined;
        perEvent = undefined;
        continue;
      }
      after = passed;
      wakeWaiters();
      onBatch?.();
      if (short) return;
      // let requests in between batches: a catch-up never holds the service's event loop for long
      await new Promise((resolve) => setImmediate(resolve));
    }
  };

  /**
   * Live events are applied like a catch-up batch, one batch per turn of the event loop: the documents the
   * events of a turn change are written in one transaction per collection when the turn ends, then the
   * read models' positions move and the readers waiting for them are answered (never before their
   * documents are written). A busy second costs a few transactions instead of one per event and model.
   */
  interface Turn {
    batch: ReturnType<typeof batchWrites>;
    /** the applies started in this turn: the turn is written once they are done */
    applying: Array<Promise<void>>;
    written: Promise<void>;
  }
  let turn: Turn | null = null;
  let turnWritten: Promise<void> | null = null;
  const liveTurn = (): Turn => {
    if (turn) return turn;
    const batch = batchWrites(false);
    const current: Turn = { batch, applying: [], written: Promise.resolve() };
    turn = current;
    current.written = new Promise<void>((resolve) => setImmediate(resolve))
      .then(async () => {
        // later deliveries start the next turn (after this one is written); an apply of this turn still
        // waiting for I/O (a key, a document) finishes before the turn is written
        turn = null;
        await Promise.allSettled(current.applying);
        await batch.flush();
        wakeWaiters();
      })
      .catch((error: unknown) => {
        // nothing of the turn moved: its read models stop here and catch up again from the event store
        for (const [track, position] of batch.moves()) if (track.failure === null) fail(track, error, position);
      })
      .finally(() => {
        if (turnWritten === current.written) turnWritten = null;
      });
    turnWritten = current.written;
    return current;
  };

  const loadCheckpoints = async (): Promise<void> => {
    // a read model without a checkpoint of its own starts where the projector's single one was (earlier versions)
    const legacy = (await checkpoints.get(options.name))?.position ?? 0;
    const stored = await checkpoints.getMany(tracks.map((track) => track.checkpointId));
    const byId = new Map(stored.map((doc) => [doc._id, doc.position]));
    for (const track of tracks) {
      const own = byId.get(track.checkpointId);
      // only a read model that already has documents was built under the single checkpoint
      track.position = own ?? (legacy > 0 && (await collectionOf(track).count()) > 0 ? legacy : 0);
      track.saved = own ?? 0;
    }
  };

  const ensureIndexes = async (): Promise<void> => {
    for (const track of tracks) {
      // opened before anything is written: a read model kept in columns has its table from here on
      const collection = collectionOf(track);
      for (const fields of track.projection.indexes ?? []) await collection.ensureIndex(fields);
    }
  };

  // ---- a bus with several partitions (docs/ARCHITECTURE.md, "Kafka with several partitions") ----
  // Several processes of one consumer group share the partitions and the documents: a document records the
  // position it applied per partition (`_positions`) and is written only while its `_version` is the one
  // read (else the batch is read and applied again); each read model keeps a checkpoint per partition,
  // written with the batch's documents, before the bus commits the batch's offset.
  let partitioned = false;
  /**
   * one checkpoint document per (projector, partition), holding every read model's position in it: a batch
   * writes one checkpoint, and a wait reads one per partition (on a MongoDB-wire server each conditional
   * write costs round trips)
   */
  const partitionCheckpointId = (partition: number): string => `${options.name}#${partition}`;
  const partitionSwitch = createPartitionedSwitch({
    documentStore: options.documentStore,
    checkpointsCollection: CHECKPOINTS_COLLECTION,
    partitionCheckpointIds: async () => Array.from({ length: await options.bus.partitions() }, (_, partition) => partitionCheckpointId(partition)),
    pollMs: options.switchPollMs,
    goneAfterMs: options.switchGoneAfterMs,
    logger: options.logger,
    projector: options.name,
    resume: (collection, source) => resumeBeside(collection, source),
    swapIn: async (collection, source, replace) => {
      const live = tracks.find((track) => track.collection === collection);
      if (!live) throw new Error(`no read model kept in ${collection}`);
      await collectionOf(live).replaceWith(source, [], replace);
    },
  });
  const positionIn = (checkpoint: ProjectedDocument | null | undefined, track: Track): number => {
    const positions = checkpoint?.['positions'];
    const at = typeof positions === 'object' && positions !== null ? (positions as Record<string, unknown>)[track.collection] : undefined;
    return typeof at === 'number' ? at : 0;
  };
  /** what this process applied per partition, for `position()` (waiting reads the shared checkpoints) */
  const appliedByPartition = new Map<number, number>();

  const positionsOf = (doc: ProjectedDocument | null): Record<string, number> => {
    const positions = doc?.['_positions'];
    return typeof positions === 'object' && positions !== null ? (positions as Record<string, number>) : {};
  };

  interface Loaded {
    doc: ProjectedDocument | null;
    version: number;
  }

  /** one attempt at a batch of one partition: read, apply, write conditionally; a conflict throws */
  const applyPartitionOnce = async (events: readonly RecordedEvent[], partition: number): Promise<void> => {
    const working = tracks.filter((track) => track.failure === null);
    const checkpoint = await checkpoints.get(partitionCheckpointId(partition));
    // a switch holds the partition (ReadModelHeldError), or one whose owner is gone was just let go: read again
    if (!(await partitionSwitch.admit(partitionCheckpointId(partition), checkpoint))) throw new DocumentConflictError(CHECKPOINTS_COLLECTION, partitionCheckpointId(partition));
    const loaded = new Map<Track, Map<string, Loaded>>();
    const changed = new Map<Track, Set<string>>();
    const reached = new Map<Track, number>();
    const keys: SubjectKeys = new Map();
    const load = async (track: Track, id: string): Promise<Loaded> => {
      let known = loaded.get(track);
      if (!known) {
        known = new Map();
        loaded.set(track, known);
      }
      let entry = known.get(id);
      if (!entry) {
        const doc = await collectionOf<ProjectedDocument>(track).get(id);
        entry = { doc, version: versionOf(doc) };
        known.set(id, entry);
      }
      return entry;
    };
    for (const delivered of events) {
      const behind = working.filter((track) => delivered.position > (reached.get(track) ?? positionIn(checkpoint, track)));
      const interested = behind.filter((track) => track.projection.eventTypes.includes(delivered.type));
      if (interested.length > 0) {
        const event = readEvent(delivered);
        const revealed = await options.cipher.reveal(event, keys);
        for (const track of interested) {
          for (const id of track.projection.documentIds(revealed, { partition })) {
            const entry = await load(track, id);
            const current = entry.doc;
            // already applied from this partition (redelivery, a rebalance's overlap)
            if (current && (positionsOf(current)[String(partition)] ?? 0) >= event.position) continue;
            // evolve sees, as `_position`, the last position applied from this partition: a projection's own
            // guard (`doc._position >= event.position`) would otherwise drop every event of a lagging partition
            const seen = current ? { ...current, _position: positionsOf(current)[String(partition)] ?? 0 } : null;
            const next = track.projection.evolve(seen, revealed, id);
            if (next === null && !current) continue;
            // unchanged (an event the document does not care for): nothing to write, nothing to contend on; the
            // partition's checkpoint, written with the batch, says the event was applied
            if (seen !== null && next === seen) continue;
            entry.doc =
              next === null
                ? null
                : {
                    ...next,
                    _id: id,
                    _position: Math.max(current?._position ?? 0, event.position),
                    _positions: { ...positionsOf(current), [String(partition)]: event.position },
                  };
            let ids = changed.get(track);
            if (!ids) {
              ids = new Set();
              changed.set(track, ids);
            }
            ids.add(id);
          }
        }
      }
      for (const track of behind) reached.set(track, delivered.position);
    }
    const written: CollectionWrites[] = [...changed].map(([track, ids]) => ({
      collection: track.collection,
      changes: [...ids].map((id) => {
        const entry = loaded.get(track)?.get(id) ?? { doc: null, version: 0 };
        return { id, doc: entry.doc === null ? null : { ...entry.doc, _version: entry.version + 1 }, ifVersion: entry.version };
      }),
    }));
    if (reached.size > 0) {
      const id = partitionCheckpointId(partition);
      const version = versionOf(checkpoint);
      const positions: Record<string, number> = {};
      for (const track of tracks) positions[track.collection] = positionIn(checkpoint, track);
      for (const [track, at] of reached) positions[track.collection] = at;
      const furthest = Math.max(0, ...Object.values(positions));
      // last, so that on a store without transactions a checkpoint never runs ahead of its documents; conditional
      // on the version read before the documents, so that a batch that read them before a switch marked or moved
      // this checkpoint writes nothing (SQLite: one transaction) and is read again
      written.push({
        collection: CHECKPOINTS_COLLECTION,
        changes: [{ id, doc: { ...switchFieldsOf(checkpoint), _id: id, partition, positions, position: furthest, _position: furthest, _version: version + 1 }, ifVersion: version }],
      });
    }
    if (written.length > 0) await options.documentStore.writeAll(written);
    const furthest = Math.max(0, ...reached.values());
    if (furthest > 0) appliedByPartition.set(partition, Math.max(appliedByPartition.get(partition) ?? 0, furthest));
    // the consoles hear of these changes through every process's change follower (below), not from here
  };

  /**
   * A batch of one partition, applied again (read afresh) while another process wrote its documents first:
   * during a rebalance's overlap (old and new holder of a partition), or on a document several partitions
   * write (a read model keyed across streams). Counters every partition would write (the statistics' days) are
   * kept as one share per partition instead (`ProjectionContext`), so the replicas never contend on them. The
   * wait grows (random, up to a second) so that one writer gets through, and the projector stops only after
   * minutes of losing (CI saw a replica stop after fifty quick tries, when the statistics were one shared day).
   */
  const CONFLICT_ATTEMPTS = 300;
  const conflictWaitMs = (attempt: number): number => Math.floor(Math.random() * Math.min(1000, 10 * 2 ** Math.min(attempt, 7)));
  const applyPartition = async (events: readonly RecordedEvent[], delivery: Delivery): Promise<void> => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await waitOutStorage(() => applyPartitionOnce(events, delivery.partition), null, events[events.length - 1]?.position ?? 0);
        return;
      } catch (error) {
        if (error instanceof ReadModelHeldError && !stopping) {
          // held for a switch: as long as it lasts (its owner lives), not counted as losing
          attempt = 0;
          await new Promise((resolve) => setTimeout(resolve, partitionSwitch.pollMs));
          continue;
        }
        if (!(error instanceof DocumentConflictError) || attempt >= CONFLICT_ATTEMPTS || stopping) throw error;
        await new Promise((resolve) => setTimeout(resolve, conflictWaitMs(attempt)));
      }
    }
  };

  /**
   * Reached on a partitioned bus: the relay has sent `wanted`, and every partition's checkpoint of every
   * working read model (written by whichever process holds the partition) is at `wanted`, or at the last
   * event the relay sent to that partition when that one is older.
   */
  const reachedAcrossPartitions = async (wanted: number): Promise<boolean> => {
    const where = options.relayCheckpoint ?? { collection: RELAY_CHECKPOINTS_COLLECTION, id: RELAY_CHECKPOINT_ID };
    const relay = await options.documentStore.collection<RelayCheckpoint>(where.collection).get(where.id);
    if (!relay || relay.position < wanted) return false;
    const sent = Object.entries(relay.partitions ?? {}).map(([partition, last]) => [Number(partition), Math.min(wanted, last)] as const);
    const working = tracks.filter((track) => track.failure === null);
    const stored = new Map((await checkpoints.getMany(sent.map(([partition]) => partitionCheckpointId(partition)))).map((doc) => [doc._id, doc]));
    return sent.every(([partition, needed]) => {
      const checkpoint = stored.get(partitionCheckpointId(partition));
      return working.every((track) => positionIn(checkpoint, track) >= needed);
    });
  };
  const waitAcrossPartitions = async (wanted: number, timeoutMs: number): Promise<boolean> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (await reachedAcrossPartitions(wanted)) return true;
      if (Date.now() >= deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, Math.min(options.partitionPollMs ?? 20, Math.max(1, deadline - Date.now()))));
    }
  };

  /**
   * Realtime on a partitioned bus: a console's socket is open on one process, while the document it watches
   * may be written by another (the one holding the event's partition). So every process follows the whole
   * topic in a group of its own, from now on, and once an event's documents are written (the shared
   * checkpoints reach it) reads them and tells `onChange`, for the consoles connected to it.
   */
  let changeFollower: BusConsumer | null = null;
  /** longer than any batch takes: a change passed on before its documents are written would show the old ones */
  const CHANGE_WAIT_MS = 60_000;
  /** the working read models an event changes, those whose documents it makes whole or the others */
  const interestedIn = (delivered: RecordedEvent, whole: boolean): Track[] =>
    tracks.filter((track) => track.failure === null && (track.projection.wholeFromOneEvent === true) === whole && track.types.has(delivered.type));
  /** events whose (not whole) changes are passed on once their documents are written, oldest first */
  const awaitingWrite: PartitionEvent[] = [];
  const MAX_AWAITING_WRITE = 10_000;
  let draining = false;
  let writtenDrained: Promise<void> = Promise.resolve();
  /** each document the events change in the read models chosen (whole or not), with the event revealed */
  const eachChanged = async (
    events: readonly PartitionEvent[],
    whole: boolean,
    each: (track: Track, id: string, revealed: RecordedEvent, event: RecordedEvent) => Promise<void> | void,
  ): Promise<void> => {
    const keys: SubjectKeys = new Map();
    for (const { event: delivered, partition } of events) {
      const interested = interestedIn(delivered, whole);
      if (interested.length === 0) continue;
      const event = readEvent(delivered);
      const revealed = await options.cipher.reveal(event, keys);
      for (const track of interested) {
        // the documents the holder of the event's partition writes (a per-partition share among them)
        for (const id of track.projection.documentIds(revealed, { partition })) await each(track, id, revealed, event);
      }
    }
  };
  const passChangesOn = async (delivered: readonly RecordedEvent[], delivery: Delivery): Promise<void> => {
    const events = delivered.map((event): PartitionEvent => ({ event, partition: delivery.partition }));
    // documents one event makes whole (a chat message) go out at once, built from the event as the
    // projector will write them: waiting for another process's write costs several store round trips
    await eachChanged(events, true, (track, id, revealed, event) => {
      const next = track.projection.evolve(null, revealed, id);
      if (next !== null) options.onChange?.({ collection: track.collection, id, doc: { ...next, _id: id, _position: event.position }, event });
    });
    if (!delivered.some((event) => interestedIn(event, false).length > 0)) return;
    // the others once written, in order, without holding up the next batch's whole documents behind the wait:
    // what arrives meanwhile waits and is passed on together (one wait for all of it)
    awaitingWrite.push(...events);
    drainWritten();
    // a store far behind holds the bus up again, as before, instead of an ever longer queue
    if (awaitingWrite.length > MAX_AWAITING_WRITE) await writtenDrained;
  };
  const drainWritten = (): void => {
    if (draining) return;
    draining = true;
    writtenDrained = (async () => {
      while (awaitingWrite.length > 0) {
        await passWrittenChangesOn(awaitingWrite.splice(0)).catch((error: unknown) => options.logger?.error({ projector: options.name, err: error }, 'passing changes on failed'));
      }
    })().finally(() => {
      draining = false;
      if (awaitingWrite.length > 0) drainWritten();
    });
  };
  const passWrittenChangesOn = async (events: readonly PartitionEvent[]): Promise<void> => {
    const last = Math.max(0, ...events.map(({ event }) => event.position));
    if (!(await waitAcrossPartitions(last, CHANGE_WAIT_MS))) options.logger?.error({ projector: options.name, position: last }, 'changes passed on before their documents were written');
    await eachChanged(events, false, async (track, id, _revealed, event) => {
      const doc = await collectionOf<ProjectedDocument>(track).get(id);
      options.onChange?.({ collection: track.collection, id, doc, event });
    });
  };
  const followChanges = async (): Promise<BusConsumer | null> =>
    options.onChange
      ? options.bus.consume({
          groupId: `${options.name}.changes.${randomUUID()}`,
          fromBeginning: false,
          handleBatch: passChangesOn,
          onError: (error) => options.logger?.error({ projector: options.name, err: error }, 'passing changes on stopped'),
        })
      : null;

  const followPartitions = async (): Promise<BusConsumer> =>
    options.bus.consume({
      groupId: options.name,
      // awaited before the bus commits the batch's offset: documents and checkpoints are written first
      handleBatch: applyPartition,
      onError: (error) => {
        options.logger?.error({ projector: options.name, err: error }, 'projector stopped by an error');
        consumer = null;
        options.onError?.(error);
      },
    });

  const start = async (): Promise<void> => {
    if (consumer) return;
    stopping = false;
    await ensureIndexes();
    partitioned = (await options.bus.partitions()) > 1;
    if (partitioned) {
      // the topic is the log: a group new to it reads it from the beginning, then from its offsets
      options.logger?.info({ projector: options.name }, 'projector starting on a partitioned bus');
      changeFollower = await followChanges();
      consumer = await followPartitions();
      beginSweep();
      return;
    }
    await loadCheckpoints();
    options.logger?.info({ projector: options.name, position: position() }, 'projector starting');
    await startCatchUp(tracks);
    wakeWaiters();
    consumer = await options.bus.consume({
      groupId: options.name,
      // every read model is past this (caught up above): the bus need not deliver what came before again
      handledUpTo: tracks.length === 0 ? 0 : Math.min(...tracks.map((track) => track.position)),
      handler: async (event) => {
        // a turn's reads come after the previous turn's writes; a blue/green switch holds live events back
        while (switching !== null || (turn === null && turnWritten !== null)) await (switching ?? turnWritten);
        const current = liveTurn();
        const applied = apply(event, tracks, current.batch.writes);
        current.applying.push(applied);
        await applied;
        if (!options.acknowledgeBeforeWrite) await current.written;
      },
      onError: (error) => {
        options.logger?.error({ projector: options.name, position: position(), err: error }, 'projector stopped by an error');
        consumer = null;
        options.onError?.(error);
      },
    });
    beginSweep();
  };

  // ---- the collections of earlier versions, dropped once nothing writes them (version-sweep.ts) ----
  const sweepQuietMs = options.sweepQuietMs ?? DEFAULT_SWEEP_QUIET_MS;
  let sweepTimer: NodeJS.Timeout | null = null;
  const sweepOptions = async (): Promise<VersionSweepOptions> => ({
    projector: options.name,
    projections: tracks.map((track) => track.projection),
    documentStore: options.documentStore,
    checkpointsCollection: CHECKPOINTS_COLLECTION,
    partitionCheckpointIds: partitioned ? Array.from({ length: await options.bus.partitions() }, (_, partition) => partitionCheckpointId(partition)) : [],
  });
  const sweepLater = (before: VersionMarks): void => {
    if (before.size === 0 || stopping || !Number.isFinite(sweepQuietMs)) return;
    sweepTimer = setTimeout(() => {
      sweepTimer = null;
      if (stopping) return;
      void sweepOptions()
        .then(async (sweep) => {
          const { dropped, stillWritten } = await dropQuiet(sweep, before);
          if (dropped.length > 0) options.logger?.info({ projector: options.name, dropped }, 'dropped the collections of earlier read-model versions');
          if (stillWritten.size === 0) return;
          options.logger?.info({ projector: options.name, stillWritten: [...stillWritten.keys()] }, 'an earlier read-model version is still written (an older replica?): looking again later');
          sweepLater(stillWritten);
        })
        .catch((error: unknown) => options.logger?.error({ projector: options.name, err: error }, 'sweeping earlier read-model versions failed'));
    }, sweepQuietMs);
    sweepTimer.unref();
  };
  /** the look for earlier versions under way: a stop waits for it (the store may close right after) */
  let sweepLooking: Promise<void> | null = null;
  const beginSweep = (): void => {
    if (sweepTimer || sweepLooking || !Number.isFinite(sweepQuietMs)) return;
    sweepLooking = sweepOptions()
      .then(readAbandoned)
      .then(sweepLater)
      .catch((error: unknown) => options.logger?.error({ projector: options.name, err: error }, 'looking for earlier read-model versions failed'))
      .finally(() => {
        sweepLooking = null;
      });
  };

  // ---- blue/green: a read model rebuilt beside the live one, then switched in ----
  /** while set, live events wait: the new version takes the old one's place */
  let switching: Promise<void> | null = null;
  const besides = new Map<Track, Track>();

  /** one process follows every partition (one total order): live events wait while the new version takes the old one's place */
  const switchHere = async (live: Track, next: Track, report: () => void): Promise<number> => {
    const release = (() => {
      let open = (): void => undefined;
      switching = new Promise<void>((resolve) => {
        open = resolve;
      });
      return open;
    })();
    try {
      // the turn under way is written; later events wait until the switch is done
      while (turnWritten !== null) await turnWritten;
      await catchUp([next], true, report);
      if (next.failure !== null) throw next.failure instanceof Error ? next.failure : new Error(`the new version of ${live.collection} failed on an event`);
      if (stopping) throw new Error('the projector stopped before the switch');
      if (next.position < live.position) throw new Error(`the new version of ${live.collection} stopped at ${next.position}, behind ${live.position}`);
      await collectionOf(live).replaceWith(next.collection);
      await options.documentStore.writeAll([
        { collection: CHECKPOINTS_COLLECTION, changes: [checkpointChange(live, next.position), { id: next.checkpointId, doc: null }] },
      ]);
      live.position = next.position;
      live.saved = next.position;
      live.failure = null;
      return live.position;
    } finally {
      switching = null;
      release();
    }
  };

  /**
   * Several replicas share the read model, each applying its partitions' events: the switch holds them all
   * through the store (partitioned-switch.ts), the new version is replayed up to the log's head as it stands
   * then (the cut), swapped in, and every partition's checkpoint of the read model set to the cut.
   */
  const switchAcrossPartitions = async (live: Track, next: Track, report: () => void, claimed: RebuildClaim): Promise<number> => {
    // a second pass takes what came during the first, so that little is left to replay while every replica holds
    await catchUp([next], true, report);
    const cut = await claimed.switchOver(
      next.collection,
      async () => {
        // held: whatever any replica wrote into the live version is at or before the head, and none writes now
        const head = await options.eventStore.headPosition();
        await catchUp([next], true, report, head);
        if (next.failure !== null) throw next.failure instanceof Error ? next.failure : new Error(`the new version of ${live.collection} failed on an event`);
        if (stopping) throw new Error('the projector stopped before the switch');
        return head;
      },
      (replace) => collectionOf(live).replaceWith(next.collection, [], replace),
    );
    live.position = Math.max(live.position, cut);
    live.failure = null;
    // the last progress names the switch's position (a log whose positions have gaps may end the replay short of it)
    next.position = Math.max(next.position, cut);
    report();
    return cut;
  };

  /** a track for the new version of `live` (`source`), at the position its own checkpoint holds (0 without one) */
  const nextTrackOf = (live: Track, source: string): Track => ({
    projection: live.projection,
    types: live.types,
    collection: source,
    checkpointId: `${options.name}/${source}`,
    position: 0,
    saved: 0,
    failure: null,
    retryDelayMs: live.retryDelayMs,
    // a new version that fails on an event is given up, not retried: the live one keeps serving
    retrying: true,
  });

  /**
   * Takes a new version's checkpoint from whoever wrote it last (a compare-and-set raising its version, again
   * while another writer comes first): that writer's next claim of a batch is refused, so nothing more of its
   * replay is written. Answers the checkpoint as it was, and the version it has now.
   */
  const fenceCheckpoint = async (id: string, taken: (checkpoint: CheckpointDocument | null) => CheckpointDocument): Promise<{ before: CheckpointDocument | null; version: number }> => {
    for (;;) {
      const before = await checkpoints.get(id);
      const version = versionOf(before) + 1;
      try {
        await options.documentStore.writeAll([{ collection: CHECKPOINTS_COLLECTION, changes: [{ id, doc: { ...taken(before), _id: id, _version: version }, ifVersion: version - 1 }] }]);
        return { before, version };
      } catch (error) {
        if (!(error instanceof DocumentConflictError)) throw error;
      }
    }
  };

  /**
   * A replica taking over the switch of an owner that is gone (partitioned-switch.ts): it first takes the new
   * version's checkpoint (`fenceCheckpoint`: the owner, should it still run, writes no batch after that). A
   * checkpoint with a position and no claimed batch (`pending`) means every document the owner wrote is
   * covered by it: the new version is replayed on from there. Otherwise (no position, or a batch the owner
   * claimed and may still be writing: its documents can land at any time) it is replayed from 0 into a
   * collection of the taker's own, which the owner never writes. Either way up to the log's head as it is now,
   * while every replica holds. Answers where it started, that head and the collection that holds the new version.
   */
  const resumeBeside = async (collection: string, source: string): Promise<{ from: number; cut: number; source: string }> => {
    const live = tracks.find((track) => track.collection === collection);
    if (!live) throw new Error(`no read model kept in ${collection}`);
    const { before, version } = await fenceCheckpoint(`${options.name}/${source}`, (checkpoint) => ({ _id: '', position: 0, _position: 0, ...checkpoint, takenOver: true }));
    const saved = before?.position ?? 0;
    const adopted = saved > 0 && before?.['pending'] === undefined;
    const next = nextTrackOf(live, adopted ? source : `${source}_${randomUUID().slice(0, 8)}`);
    if (adopted) {
      next.fence = { version };
      next.position = saved;
      next.saved = saved;
    } else {
      next.fence = { version: 0 };
      for (const fields of live.projection.indexes ?? []) await collectionOf(next).ensureIndex(fields);
    }
    const head = await options.eventStore.headPosition();
    options.logger?.info(
      { projector: options.name, readModel: collection, from: adopted ? saved : 0, cut: head, into: next.collection },
      'resuming the new version of a read model whose switch owner is gone',
    );
    await catchUp([next], true, undefined, head);
    if (next.failure !== null) throw next.failure instanceof Error ? next.failure : new Error(`the new version of ${collection} failed on an event`);
    return { from: adopted ? saved : 0, cut: head, source: next.collection };
  };

  const rebuildBeside = async (readModel: string, onProgress?: (position: number) => void): Promise<number> => {
    const live = tracks.find((track) => track.projection.name === readModel || track.collection === readModel);
    if (!live) throw new Error(`no read model named ${readModel} (known: ${tracks.map((track) => track.projection.name).join(', ')})`);
    if (besides.has(live)) throw new Error(`${live.collection} is already being rebuilt`);
    const collection = nextCollectionOf(live.collection);
    const next = nextTrackOf(live, collection);
    besides.set(live, next);
    const report = (): void => onProgress?.(next.position);
    let claimed: RebuildClaim | null = null;
    try {
      // on a partitioned bus the new version is one for every replica: one rebuild of it at a time among them
      if (partitioned) {
        claimed = await partitionSwitch.claim(live.collection);
        // a switch left by an owner that is gone is completed (or abandoned) before its new version is cleared
        await partitionSwitch.settleGone(live.collection);
        // the new version's checkpoint taken from any earlier writer of it (a batch it claims later is refused)
        next.fence = { version: (await fenceCheckpoint(next.checkpointId, () => ({ _id: '', position: 0, _position: 0 }))).version };
      }
      options.logger?.info({ projector: options.name, readModel: live.collection, next: collection, partitioned }, 'rebuilding a read model beside the live one');
      await collectionOf(next).clear();
      for (const fields of live.projection.indexes ?? []) await collectionOf(next).ensureIndex(fields);
      // nothing else writes the new version: the replay keeps its documents across batches
      await catchUp([next], true, report);
      const position = claimed ? await switchAcrossPartitions(live, next, report, claimed) : await switchHere(live, next, report);
      wakeWaiters();
      options.logger?.info({ projector: options.name, readModel: live.collection, position }, 'switched to the rebuilt read model');
      return position;
    } finally {
      besides.delete(live);
      await claimed?.end();
    }
  };

  const stop = async (): Promise<void> => {
    stopping = true;
    const running = consumer;
    consumer = null;
    await running?.stop();
    const following = changeFollower;
    changeFollower = null;
    await following?.stop();
    await turnWritten;
    if (lagTimer) clearTimeout(lagTimer);
    lagTimer = null;
    await sweepLooking;
    if (sweepTimer) clearTimeout(sweepTimer);
    sweepTimer = null;
    await saveLagging();
  };

  return {
    name: options.name,
    start,
    stop,
    position: () => (partitioned ? Math.max(0, ...appliedByPartition.values()) : position()),
    waitFor: (wanted, timeoutMs) => (partitioned ? waitAcrossPartitions(wanted, timeoutMs) : waitForPosition(waiters, position(), wanted, timeoutMs)),
    readModels: () => tracks.map((track) => ({ name: track.projection.name, collection: track.collection, position: track.position, failing: track.failure !== null })),
    rebuildBeside,
    rebuilds: () => [...besides].map(([live, next]) => ({ name: live.projection.name, collection: live.collection, next: next.collection, position: next.position })),
    rebuildRunning: async (readModel) => {
      const live = tracks.find((track) => track.projection.name === readModel || track.collection === readModel);
      if (!live) return false;
      if (besides.has(live)) return true;
      // asked before the projector starts too (a service that starts looks for rebuilds left open)
      return (await options.bus.partitions()) > 1 && (await partitionSwitch.claimed(live.collection));
    },
    rebuild: async (_eventStore, only) => {
      const chosen = only ? tracks.filter((track) => only.includes(track.projection.name) || only.includes(track.collection)) : tracks;
      if (partitioned) throw new Error('rebuilding on a partitioned bus: stop every replica, clear the read models and reset the consumer group');
      if (only && chosen.length !== only.length) throw new Error(`unknown read model among ${only.join(', ')} (known: ${tracks.map((track) => track.projection.name).join(', ')})`);
      await stop();
      options.logger?.info({ projector: options.name, readModels: chosen.map((track) => track.collection) }, 'rebuilding read models');
      for (const track of chosen) {
        // the checkpoint goes to 0 first: a crash during the replay then restarts it from the beginning
        track.position = 0;
        track.failure = null;
        await checkpoints.upsert(checkpointChange(track, 0).doc);
        await collectionOf(track).clear();
      }
      stopping = false;
      await loadCheckpoints();
      await catchUp(chosen);
      options.logger?.info({ projector: options.name }, 'read models rebuilt, following the bus');
      await start();
    },
  };
};
