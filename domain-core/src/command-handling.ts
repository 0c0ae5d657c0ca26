import { randomUUID } from 'node:crypto';
import { eventRegistry, type FieldError } from '@cn/contracts';
import { z } from 'zod';
import {
  WrongExpectedRevisionError,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
} from './event-store';
import { DomainError, type Decider, type DomainEvent, type StateSnapshots } from './decider';
import { createLruCache, type LruCache } from './lru-cache';

export interface CommandContext {
  /** who issued the command; null for system actions (seed) */
  memberId: string | null;
  correlationId: string;
  causationId: string;
}

export interface HandleCommandOptions<State, Command, Event extends DomainEvent> {
  eventStore: EventStore;
  streamId: string;
  decider: Decider<State, Command, Event>;
  command: Command;
  context: CommandContext;
  clock: () => Date;
  /**
   * The revision the client decided on (ETag style). A mismatch is a 409. Without it the command is
   * decided on the current state and, when another command won the race, re-read and re-decided.
   */
  expectedRevision?: number | 'no_stream';
  /** re-decisions after a lost race when no expectedRevision was given (default 5: n racers need n-1) */
  maxRetries?: number;
  /** where the decider's snapshots are, when it keeps any (Decider.snapshot) */
  snapshots?: StateSnapshots;
}

export interface HandledCommand<Event extends DomainEvent> {
  /** global position of the last appended event, or the store's head when nothing was appended */
  position: number;
  /** revision of the stream's last event; -1 when the stream does not exist */
  revision: number;
  events: Event[];
}

const DEFAULT_RETRIES = 5;

/** a little random spread, so that the losers of a race do not collide again at once */
const backOff = (attempt: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * (attempt + 1)));

/**
 * Folded state per stream, so that a command reads only the events appended since the last one
 * instead of the whole stream (a member's presence stream grows with every status change). Keyed by
 * event store and decider: states of different stores or deciders never mix. Deciders are pure, so a
 * cached state is never mutated; the events after the cached revision are always read from the store,
 * so another process appending to the same stream is seen.
 */
export interface CachedState<State> {
  revision: number;
  state: State;
}

interface StateCache<State> {
  get(streamId: string): CachedState<State> | undefined;
  remember(streamId: string, entry: CachedState<State>): void;
}

const STATE_CACHE_LIMIT = 10_000;
const stateCaches = new WeakMap<object, WeakMap<object, LruCache<CachedState<unknown>>>>();

const stateCacheOf = <State>(eventStore: EventStore, decider: object): StateCache<State> => {
  let byDecider = stateCaches.get(eventStore);
  if (!byDecider) {
    byDecider = new WeakMap();
    stateCaches.set(eventStore, byDecider);
  }
  let entries = byDecider.get(decider);
  if (!entries) {
    entries = createLruCache(STATE_CACHE_LIMIT);
    byDecider.set(decider, entries);
  }
  const cache = entries;
  return {
    get: (streamId) => cache.get(streamId) as CachedState<State> | undefined,
    remember: (streamId, entry) => {
      const known = cache.get(streamId);
      if (known && known.revision >= entry.revision) return;
      cache.set(streamId, entry);
    },
  };
};

const revisionOf = (events: readonly RecordedEvent[]): number => (events.length === 0 ? -1 : events[events.length - 1].revision);

/** Data of an event as the registry knows it; an unknown type or invalid data is a programming error. */
const validated = (event: DomainEvent): { data: unknown; schemaVersion: number } => {
  const definition = eventRegistry.get(event.type);
  if (!definition) throw new Error(`event type ${event.type} is not registered in contracts' eventRegistry`);
  const result = z.safeParse(definition.schema, event.data);
  if (!result.success) {
    throw new Error(`event ${event.type} does not match its schema: ${z.prettifyError(result.error)}`);
  }
  return { data: event.data, schemaVersion: definition.version };
};

export const toNewEvents = (events: readonly DomainEvent[], context: CommandContext, occurredAt: Date): NewEvent[] =>
  events.map((event) => {
    const { data, schemaVersion } = validated(event);
    return {
      id: randomUUID(),
      type: event.type,
      data,
      metadata: {
        memberId: context.memberId,
        occurredAt: occurredAt.toISOString(),
        correlationId: context.correlationId,
        causationId: context.causationId,
        schemaVersion,
      },
    };
  });

const DEFAULT_SNAPSHOT_EVERY = 500;
/** the revision each snapshot was last saved (or found) at, per store and key: a warm stream is snapshotted as it grows */
const savedSnapshotsByStore = new WeakMap<StateSnapshots, LruCache<number>>();
const savedSnapshotsOf = (store: StateSnapshots): LruCache<number> => {
  let saved = savedSnapshotsByStore.get(store);
  if (!saved) {
    saved = createLruCache<number>(STATE_CACHE_LIMIT);
    savedSnapshotsByStore.set(store, saved);
  }
  return saved;
};

const snapshotKey = (snapshot: NonNullable<Decider<unknown, unknown, DomainEvent>['snapshot']>, streamId: string): string =>
  `${snapshot.name}.v${snapshot.version}:${streamId}`;

/**
 * The cached state (or, after a restart, the decider's snapshot) plus the events appended since;
 * remembered for the next reader, and snapshotted again once enough events followed the last snapshot.
 */
const foldStream = async <State, Event extends DomainEvent>(
  eventStore: EventStore,
  streamId: string,
  decider: Pick<Decider<State, unknown, Event>, 'initialState' | 'evolve' | 'snapshot'>,
  cache: StateCache<State>,
  snapshots?: StateSnapshots,
): Promise<CachedState<State>> => {
  const keep =
    snapshots && decider.snapshot
      ? { store: snapshots, saved: savedSnapshotsOf(snapshots), key: snapshotKey(decider.snapshot, streamId), every: decider.snapshot.everyEvents ?? DEFAULT_SNAPSHOT_EVERY }
      : null;
  let start: CachedState<State> | undefined = cache.get(streamId);
  if (!start && keep) {
    const snapshot = await keep.store.load(keep.key);
    if (snapshot) start = { revision: snapshot.revision, state: snapshot.state as State };
    keep.saved.set(keep.key, snapshot?.revision ?? -1);
  }
  const recorded = await eventStore.readStream(streamId, { fromRevision: start ? start.revision + 1 : 0 });
  const revision = recorded.length > 0 ? revisionOf(recorded) : (start?.revision ?? -1);
  const state = recorded.reduce(
    (current, event) => decider.evolve(current, { type: event.type, data: event.data } as Event),
    start ? start.state : decider.initialState(),
  );
  if (revision >= 0) cache.remember(streamId, { revision, state });
  // a new snapshot once enough events followed the last one; a failed save only means a longer read next time
  if (keep && revision - (keep.saved.get(keep.key) ?? -1) >= keep.every) {
    keep.saved.set(keep.key, revision);
    void keep.store.save(keep.key, { revision, state }).catch(() => undefined);
  }
  return { state, revision };
};

/**
 * A stream's current state as the decider folds it, for a check that appends nothing (verifying a
 * credential); shares the per-stream cache with handleCommand.
 */
export const loadState = <State, Command, Event extends DomainEvent>(
  eventStore: EventStore,
  streamId: string,
  decider: Decider<State, Command, Event>,
  snapshots?: StateSnapshots,
): Promise<CachedState<State>> => foldStream(eventStore, streamId, decider, stateCacheOf<State>(eventStore, decider), snapshots);

/**
 * Commands on one stream in this process run one after another: each decides on the state the previous
 * one left, so racers within a process never lose to each other (and never spend a re-decision). Other
 * processes still race through the expected revision.
 */
const streamQueues = new WeakMap<EventStore, Map<string, Promise<unknown>>>();
const inStreamOrder = <T>(eventStore: EventStore, streamId: string, work: () => Promise<T>): Promise<T> => {
  let queues = streamQueues.get(eventStore);
  if (!queues) {
    queues = new Map();
    streamQueues.set(eventStore, queues);
  }
  const streams = queues;
  const run = (streams.get(streamId) ?? Promise.resolve()).then(work, work);
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  streams.set(streamId, settled);
  void settled.then(() => {
    if (streams.get(streamId) === settled) streams.delete(streamId);
  });
  return run;
};

/**
 * A decision whose append is not durable yet, on a store that chains appends: the next command on the
 * stream (of the same decider) decides on the state it will leave and appends after it, checked against
 * its last event's id, so that the appends of one busy stream share a group commit instead of each waiting
 * for the previous one's fsync.
 */
interface PendingDecision {
  decider: object;
  revision: number;
  state: unknown;
  lastEventId: string;
  landed: Promise<unknown>;
}
const pendingDecisions = new WeakMap<EventStore, Map<string, PendingDecision>>();
const pendingOf = (eventStore: EventStore): Map<string, PendingDecision> => {
  let pending = pendingDecisions.get(eventStore);
  if (!pending) {
    pending = new Map();
    pendingDecisions.set(eventStore, pending);
  }
  return pending;
};

/** Load the stream, fold it, decide, append with the revision the decision was made on. */
export const handleCommand = async <State, Command, Event extends DomainEvent>(
  options: HandleCommandOptions<State, Command, Event>,
): Promise<HandledCommand<Event>> => {
  const submitted = await inStreamOrder(options.eventStore, options.streamId, () =>
    options.eventStore.chainsAppends ? decideAndChain(options, 0) : decideAndAppend(options).then((handled) => ({ handled: Promise.resolve(handled) })),
  );
  return submitted.handled;
};

/**
 * On a store that chains appends: decides on the state the stream's pending decision will leave (or the
 * folded stream when none is pending), submits the append and lets the next command of the stream decide
 * at once; the answer follows when the append is durable. A lost race (another process, or a pending
 * decision that did not land) is decided again from the store, at the end of the stream's queue.
 */
const decideAndChain = async <State, Command, Event extends DomainEvent>(
  options: HandleCommandOptions<State, Command, Event>,
  attempt: number,
): Promise<{ handled: Promise<HandledCommand<Event>> }> => {
  const { eventStore, streamId, decider, command, context, clock } = options;
  const retries = options.expectedRevision === undefined ? (options.maxRetries ?? DEFAULT_RETRIES) : 0;
  const pendings = pendingOf(eventStore);
  let pending = pendings.get(streamId);
  // another decider's pending state is not this one's: wait until it is durable, then fold the stream
  while (pending && pending.decider !== decider) {
    await pending.landed.catch(() => undefined);
    pending = pendings.get(streamId);
  }
  /** decides again from the store, at the end of the stream's queue */
  const redo = async (nextAttempt: number): Promise<HandledCommand<Event>> =>
    (await inStreamOrder(eventStore, streamId, () => decideAndChain(options, nextAttempt))).handled;
  /** a lost race is decided again (as often as `retries` allows); any other failure is the answer */
  const again = async (error: unknown): Promise<HandledCommand<Event>> => {
    if (!(error instanceof WrongExpectedRevisionError) || attempt >= retries) throw error;
    await backOff(attempt);
    return redo(attempt + 1);
  };
  /** a decision made on a pending one that did not land was made on a state that never was: decide again */
  const unlessPendingFails = <T>(then: () => Promise<T>): Promise<T | HandledCommand<Event>> =>
    pending ? pending.landed.then(then, () => redo(attempt)) : then();

  const base: CachedState<State> = pending
    ? { revision: pending.revision, state: pending.state as State }
    : await foldStream(eventStore, streamId, decider, stateCacheOf<State>(eventStore, decider), options.snapshots);
  if (options.expectedRevision !== undefined) {
    const expected = options.expectedRevision === 'no_stream' ? -1 : options.expectedRevision;
    if (expected !== base.revision) {
      const refusal = new WrongExpectedRevisionError(streamId, options.expectedRevision, base.revision < 0 ? 'no_stream' : base.revision);
      // a pending decision that does not land leaves the stream where the client may have expected it
      return { handled: unlessPendingFails(() => Promise.reject(refusal)) };
    }
  }
  const events = decider.decide(command, base.state);
  if (events.length === 0) {
    // nothing to append: the answer waits for the pending decision it was made on to be durable
    return { handled: unlessPendingFails(async () => ({ position: await eventStore.headPosition(), revision: base.revision, events })) };
  }
  const newEvents = toNewEvents(events, context, clock());
  const appending = eventStore.append(streamId, newEvents, {
    expectedRevision: base.revision < 0 ? 'no_stream' : base.revision,
    ...(pending ? { expectedLastEventId: pending.lastEventId } : {}),
  });
  const state = events.reduce((current, event) => decider.evolve(current, event), base.state);
  const decision: PendingDecision = { decider, revision: base.revision + events.length, state, lastEventId: newEvents[newEvents.length - 1].id, landed: appending };
  pendings.set(streamId, decision);
  const settle = (): void => {
    if (pendings.get(streamId) === decision) pendings.delete(streamId);
  };
  return {
    handled: appending.then(
      (appended) => {
        stateCacheOf<State>(eventStore, decider).remember(streamId, { revision: appended.nextExpectedRevision, state });
        settle();
        return { position: appended.position, revision: appended.nextExpectedRevision, events };
      },
      (error: unknown) => {
        settle();
        return again(error);
      },
    ),
  };
};

const decideAndAppend = async <State, Command, Event extends DomainEvent>(
  options: HandleCommandOptions<State, Command, Event>,
): Promise<HandledCommand<Event>> => {
  const { eventStore, streamId, decider, command, context, clock } = options;
  const retries = options.expectedRevision === undefined ? (options.maxRetries ?? DEFAULT_RETRIES) : 0;

  const cache = stateCacheOf<State>(eventStore, decider);
  for (let attempt = 0; ; attempt += 1) {
    const { state, revision } = await foldStream(eventStore, streamId, decider, cache, options.snapshots);
    if (options.expectedRevision !== undefined) {
      const expected = options.expectedRevision === 'no_stream' ? -1 : options.expectedRevision;
      if (expected !== revision) throw new WrongExpectedRevisionError(streamId, options.expectedRevision, revision < 0 ? 'no_stream' : revision);
    }
    const events = decider.decide(command, state);
    if (events.length === 0) return { position: await eventStore.headPosition(), revision, events };

    const expectedRevision: ExpectedRevision = revision < 0 ? 'no_stream' : revision;
    try {
      const appended = await eventStore.append(streamId, toNewEvents(events, context, clock()), { expectedRevision });
      cache.remember(streamId, {
        revision: appended.nextExpectedRevision,
        state: events.reduce((current, event) => decider.evolve(current, event), state),
      });
      return { position: appended.position, revision: appended.nextExpectedRevision, events };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError) || attempt >= retries) throw error;
      await backOff(attempt);
    }
  }
};

/** A refusal that names several fields at once (answered as 400 validation_failed with every field). */
export class DomainValidationError extends DomainError {
  constructor(readonly errors: readonly FieldError[]) {
    super(errors[0]?.key ?? 'validation_failed', 'invalid', errors[0]?.field);
    this.name = 'DomainValidationError';
  }
}

export const isDomainError = (error: unknown): error is DomainError => error instanceof DomainError;
