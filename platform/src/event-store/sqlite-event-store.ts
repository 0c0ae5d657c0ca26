import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { privateFile } from '@cn/platform/files';
import type {
  AppendResult,
  EventStore,
  EventSubscription,
  ReadAllOptions,
  RecordedEvent,
} from './event-store';
import { WrongExpectedRevisionError } from './event-store';
import { appendWorker, errorOf, serializedEvent, type AppendOutcome, type AppendRequest, type AppendWorkerData } from './sqlite-append-worker';

export interface SqliteEventStoreOptions {
  path: string;
  /** FULL (default): an acknowledged append survives a power cut or SIGKILL of the process. */
  synchronous?: 'FULL' | 'NORMAL';
}

interface EventRow {
  position: number;
  hash?: string | null;
  event_id: string;
  stream_id: string;
  revision: number;
  type: string;
  data: string;
  metadata: string;
  recorded_at: string;
}

const SUBSCRIPTION_BATCH = 500;
/** how many of the latest appended events stay parsed in memory for the live subscribers */
const RECENT_LIMIT = 5000;
/** another process appending to the same file is noticed within this delay */
const POLL_INTERVAL_MS = 250;

/** better-sqlite3 is synchronous; the ports are not: answer the work's result, or its error, as a promise */
const settle = <T>(work: () => T): Promise<T> => new Promise<T>((resolve) => resolve(work()));

const toRecorded = (row: EventRow): RecordedEvent => ({
  id: row.event_id,
  type: row.type,
  data: JSON.parse(row.data) as unknown,
  metadata: JSON.parse(row.metadata) as RecordedEvent['metadata'],
  streamId: row.stream_id,
  revision: row.revision,
  position: row.position,
  recordedAt: row.recorded_at,
});

/**
 * One link of the history's hash chain: the hash of the predecessor's hash and the event's own content,
 * as stored. The writer thread computes the same (appendWorker's `link`), in the append's transaction.
 */
export const chainLink = (previous: string, row: Pick<EventRow, 'event_id' | 'stream_id' | 'revision' | 'type' | 'data' | 'metadata' | 'recorded_at'>): string =>
  createHash('sha256')
    .update(JSON.stringify([previous, row.event_id, row.stream_id, row.revision, row.type, row.data, row.metadata, row.recorded_at]))
    .digest('hex');

const CHAIN_CHUNK = 5000;

/**
 * A store written before the chain existed gets its column, and its events their links, once, in order,
 * from the last event that has one (every later append extends the chain in its own transaction).
 */
const chainHistory = (db: Database.Database): void => {
  const columns = db.prepare<[], { name: string }>('PRAGMA table_info(events)').all();
  if (!columns.some((column) => column.name === 'hash')) db.exec('ALTER TABLE events ADD COLUMN hash TEXT');
  // the events without a link, found without a scan of the whole log at every open (a log of 200,000 events
  // took 80 ms of CPU, 230–380 ms on a busy disk, at each start of every process): a partial index, empty
  // once the history is chained (appends write their link), built by the first open that lacks it
  db.exec('CREATE INDEX IF NOT EXISTS events_unchained ON events (position) WHERE hash IS NULL');
  const unchained = db.prepare<[], { position: number | null }>('SELECT MIN(position) AS position FROM events WHERE hash IS NULL').get()?.position;
  if (unchained === null || unchained === undefined) return;
  const before = db.prepare<[number], { hash: string | null }>('SELECT hash FROM events WHERE position < ? ORDER BY position DESC LIMIT 1');
  const rows = db.prepare<[number, number], EventRow>('SELECT * FROM events WHERE position > ? ORDER BY position LIMIT ?');
  const setHash = db.prepare<[string, number]>('UPDATE events SET hash = ? WHERE position = ?');
  db.transaction(() => {
    let previous = before.get(unchained)?.hash ?? '';
    for (let after = unchained - 1; ; ) {
      const chunk = rows.all(after, CHAIN_CHUNK);
      if (chunk.length === 0) break;
      for (const row of chunk) {
        previous = chainLink(previous, row);
        setHash.run(previous, row.position);
      }
      after = chunk[chunk.length - 1].position;
    }
  }).immediate();
};

export const createSqliteEventStore = (options: SqliteEventStoreOptions): EventStore => {
  const db = new Database(privateFile(options.path));
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${options.synchronous === 'NORMAL' ? 'NORMAL' : 'FULL'}`);
  db.pragma('busy_timeout = 5000');
  db.exec(`
    CREATE TABLE IF NOT EXISTS events (
      position INTEGER PRIMARY KEY AUTOINCREMENT,
      event_id TEXT NOT NULL UNIQUE,
      stream_id TEXT NOT NULL,
      revision INTEGER NOT NULL,
      type TEXT NOT NULL,
      data TEXT NOT NULL,
      metadata TEXT NOT NULL,
      recorded_at TEXT NOT NULL,
      hash TEXT,
      UNIQUE (stream_id, revision)
    );
  `);
  chainHistory(db);
  // the newest event of given types in O(log n) (headPosition's `types`); created on open for older files
  db.exec('CREATE INDEX IF NOT EXISTS events_type_position ON events (type, position)');

  const lastOfStream = db.prepare<[string], { revision: number; position: number; event_id: string }>(
    'SELECT revision, position, event_id FROM events WHERE stream_id = ? ORDER BY revision DESC LIMIT 1',
  );
  const selectStream = db.prepare<[string, number], EventRow>(
    'SELECT * FROM events WHERE stream_id = ? AND revision >= ? ORDER BY revision',
  );
  const selectAll = db.prepare<[number, number], EventRow>(
    'SELECT * FROM events WHERE position > ? ORDER BY position LIMIT ?',
  );
  // a catch-up of a reader that looks at a few types: the rows of the others are never visited. Each type's
  // next positions come from events_type_position (the index alone, `limit` at most per type), the first
  // `limit` of them in order are read by rowid. A walk of the log in position order that passed the other
  // types by in SQLite visited every row of the gap for every reader (150 ms per reader over 190,000 events
  // of a type it does not want); through the type index in one statement SQLite would gather and sort every
  // later event of the types for each batch.
  const positionsOfType = db
    .prepare<[string, number, number], number>('SELECT position FROM events WHERE type = ? AND position > ? ORDER BY position LIMIT ?')
    .pluck();
  const selectPositions = db.prepare<[string], EventRow>('SELECT * FROM events WHERE position IN (SELECT value FROM json_each(?)) ORDER BY position');
  // one read transaction: the positions of every type and their rows from one snapshot of the log (an event
  // appended between two types' seeks would otherwise stand in the answer before an earlier one missing)
  const selectAllOfTypes = db.transaction((after: number, types: readonly string[], limit: number): EventRow[] => {
    const positions = [...new Set(types)].flatMap((type) => positionsOfType.all(type, after, limit)).sort((a, b) => a - b);
    if (positions.length === 0) return [];
    return selectPositions.all(JSON.stringify(limit >= 0 ? positions.slice(0, limit) : positions));
  });
  const selectHead = db.prepare<[], { head: number | null }>('SELECT MAX(position) AS head FROM events');
  // one seek per type at the end of its range of events_type_position
  const selectHeadOfTypes = db.prepare<[string], { head: number | null }>(
    'SELECT MAX((SELECT MAX(position) FROM events WHERE type = value)) AS head FROM json_each(?)',
  );

  /**
   * Group commit: one writer thread (appendWorker) holds the write connection. An append is queued; while
   * the writer commits one batch (its fsync off this thread), the appends that arrive queue up and go
   * as the next batch: one transaction, one fsync, however many commands wait. Each append is its own
   * savepoint inside it, checked against its own stream's expected revision in arrival order: a refused
   * append rolls back alone and the others commit. An append is answered once its batch is durable.
   */
  interface PendingAppend {
    request: AppendRequest;
    resolve: (result: AppendResult) => void;
    reject: (error: Error) => void;
  }
  let pending: PendingAppend[] = [];
  let inFlight: PendingAppend[] | null = null;
  const writer = new Worker(`(${appendWorker.toString()})()`, {
    eval: true,
    workerData: { path: options.path, synchronous: options.synchronous ?? 'FULL', driver: require.resolve('better-sqlite3') } satisfies AppendWorkerData,
  });
  writer.unref();
  let writerFailure: Error | null = null;
  const failAll = (error: Error): void => {
    writerFailure = error;
    for (const append of [...(inFlight ?? []), ...pending.splice(0)]) append.reject(error);
    inFlight = null;
  };
  writer.on('error', (error) => failAll(error));
  writer.on('exit', (code) => {
    if (!closed) failAll(new Error(`the event store's writer thread stopped (exit code ${code})`));
  });
  const send = (): void => {
    if (inFlight !== null || pending.length === 0) return;
    inFlight = pending;
    pending = [];
    writer.ref();
    writer.postMessage(inFlight.map((append) => append.request));
  };
  writer.on('message', (outcomes: AppendOutcome[]) => {
    const batch = inFlight ?? [];
    inFlight = null;
    writer.unref();
    remember(batch.flatMap((append, index) => {
      const outcome = outcomes[index];
      return outcome && 'result' in outcome && outcome.recordedAt !== undefined
        ? [{ request: append.request, result: outcome.result, recordedAt: outcome.recordedAt }]
        : [];
    }));
    notifyAppended();
    batch.forEach((append, index) => {
      const outcome = outcomes[index];
      if (outcome && 'result' in outcome) append.resolve(outcome.result);
      else append.reject(errorOf(outcome?.error ?? { kind: 'failed', message: 'no answer from the writer thread' }));
    });
    send();
  });

  /**
   * The events this process appended lately, already parsed: live subscribers (every projector of the
   * process) read them from here instead of each querying and parsing the same rows.
   */
  const recent: RecordedEvent[] = [];
  const remember = (appended: ReadonlyArray<{ request: AppendRequest; result: AppendResult; recordedAt: string }>): void => {
    for (const { request, result, recordedAt } of appended) {
      // built from what was sent and what the writer answered, without reading the rows back
      const count = request.events.length;
      const firstPosition = result.position - count + 1;
      const firstRevision = result.nextExpectedRevision - count + 1;
      if (recent.length > 0 && firstPosition <= recent[recent.length - 1].position) continue;
      if (recent.length > 0 && recent[recent.length - 1].position !== firstPosition - 1) recent.length = 0;
      request.events.forEach((event, index) =>
        recent.push(
          toRecorded({
            event_id: event.id,
            stream_id: request.streamId,
            revision: firstRevision + index,
            type: event.type,
            data: event.data,
            metadata: event.metadata,
            position: firstPosition + index,
            recorded_at: recordedAt,
          }),
        ),
      );
    }
    if (recent.length > RECENT_LIMIT) recent.splice(0, recent.length - RECENT_LIMIT);
  };
  /**
   * The next events after `position` from the tail, when it holds them without a gap: none when `position`
   * is the tail's last (nothing newer was appended here); null when the tail cannot tell (read the store).
   */
  const fromTail = (position: number, limit = SUBSCRIPTION_BATCH): RecordedEvent[] | null => {
    const first = recent[0];
    if (first === undefined || position < first.position - 1 || position > recent[recent.length - 1].position) return null;
    const start = position - first.position + 1;
    if (start === recent.length) return [];
    return recent[start]?.position === position + 1 ? recent.slice(start, start + limit) : null;
  };

  /** in-process wake-up of live subscriptions; other processes are seen by polling */
  const listeners = new Set<() => void>();
  const notifyAppended = (): void => {
    for (const listener of [...listeners]) listener();
  };
  const subscriptions = new Set<EventSubscription>();
  let closed = false;

  const subscribeToAll: EventStore['subscribeToAll'] = ({ after }, handler, onError) => {
    let stopped = false;
    let wake: (() => void) | null = null;
    // an append of this process since the subscriber last looked (it may be busy in its handler then)
    let appended = false;
    const listener = (): void => {
      appended = true;
      wake?.();
    };
    listeners.add(listener);

    /** resolves true when woken by an append of this process, false when the poll interval ran out */
    const idle = (): Promise<boolean> =>
      new Promise<boolean>((resolve) => {
        if (appended) {
          resolve(true);
          return;
        }
        const timer = setTimeout(() => done(false), POLL_INTERVAL_MS);
        function done(woken: boolean): void {
          clearTimeout(timer);
          wake = null;
          resolve(woken);
        }
        wake = () => done(true);
      });

    const run = async (): Promise<void> => {
      let position = after;
      // the store is read on the first look and after every poll interval (other processes' appends);
      // woken by this process's own appends, the tail answers without a query
      let polled = true;
      try {
        while (!stopped) {
          appended = false;
          const tail = polled ? null : fromTail(position);
          const batch = tail ?? selectAll.all(position, SUBSCRIPTION_BATCH).map(toRecorded);
          if (batch.length === 0) {
            polled = !(await idle());
            continue;
          }
          polled = false;
          for (const event of batch) {
            if (stopped) return;
            await handler(event);
            position = event.position;
          }
          // a subscriber far behind yields between batches, so that requests are answered meanwhile
          if (batch.length === SUBSCRIPTION_BATCH) await new Promise((resolve) => setImmediate(resolve));
        }
      } catch (error) {
        stopped = true;
        onError?.(error);
      } finally {
        listeners.delete(listener);
      }
    };
    // started on the next tick so that a subscriber can keep the returned handle before the first delivery
    const running = Promise.resolve().then(run);
    const subscription: EventSubscription = {
      stop: async () => {
        stopped = true;
        wake?.();
        await running;
        subscriptions.delete(subscription);
      },
    };
    subscriptions.add(subscription);
    return subscription;
  };

  const selectChained = db.prepare<[number, number], EventRow>('SELECT * FROM events WHERE position > ? ORDER BY position LIMIT ?');
  const verifyChain: NonNullable<EventStore['verifyChain']> = async (onProgress) => {
    const head = selectHead.get()?.head ?? 0;
    let previous = '';
    let last: { position: number; hash: string } | null = null;
    let checked = 0;
    for (let after = 0; ; ) {
      const chunk = selectChained.all(after, CHAIN_CHUNK);
      if (chunk.length === 0) break;
      for (const row of chunk) {
        const expected = chainLink(previous, row);
        if (row.hash !== expected) return { checked, head: last, firstBreak: row.position };
        previous = expected;
        last = { position: row.position, hash: expected };
        checked += 1;
      }
      after = chunk[chunk.length - 1].position;
      onProgress?.(checked, head);
      // a long walk lets requests in between chunks
      await new Promise((resolve) => setImmediate(resolve));
    }
    return { checked, head: last, firstBreak: null };
  };

  const selectChainHead = db.prepare<[], { position: number; hash: string }>('SELECT position, hash FROM events ORDER BY position DESC LIMIT 1');

  return {
    chainsAppends: true,
    verifyChain,
    chainHead: () => settle(() => selectChainHead.get() ?? null),
    append: (streamId, events, { expectedRevision, expectedLastEventId }) => {
      if (events.length === 0) {
        return settle(() => {
          const last = lastOfStream.get(streamId);
          const actual = last === undefined ? 'no_stream' : last.revision;
          if ((expectedRevision !== 'any' && expectedRevision !== actual) || (expectedLastEventId !== undefined && last?.event_id !== expectedLastEventId)) {
            throw new WrongExpectedRevisionError(streamId, expectedRevision, actual);
          }
          return { nextExpectedRevision: last?.revision ?? -1, position: last?.position ?? 0 };
        });
      }
      if (closed) return Promise.reject(new Error('the event store is closed'));
      if (writerFailure) return Promise.reject(writerFailure);
      return new Promise<AppendResult>((resolve, reject) => {
        pending.push({ request: { streamId, events: events.map(serializedEvent), expected: expectedRevision, expectedLastEventId }, resolve, reject });
        send();
      });
    },
    readStream: (streamId, readOptions = {}) =>
      settle(() => selectStream.all(streamId, readOptions.fromRevision ?? 0).map(toRecorded)),
    readAll: (readOptions: ReadAllOptions = {}) =>
      settle(() =>
        (readOptions.types
          ? selectAllOfTypes(readOptions.after ?? 0, readOptions.types, readOptions.limit ?? -1)
          : selectAll.all(readOptions.after ?? 0, readOptions.limit ?? -1)
        ).map(toRecorded),
      ),
    headPosition: (headOptions = {}) =>
      settle(() => (headOptions.types ? selectHeadOfTypes.get(JSON.stringify(headOptions.types)) : selectHead.get())?.head ?? 0),
    readRecent: (after, limit) => fromTail(after, limit),
    subscribeToAll,
    close: async () => {
      if (closed) return;
      closed = true;
      // appends already queued are written before the file closes
      while (inFlight !== null || pending.length > 0) {
        if (writerFailure) break;
        await new Promise<void>((resolve) => setTimeout(resolve, 1));
      }
      await writer.terminate();
      await Promise.all([...subscriptions].map((subscription) => subscription.stop()));
      db.close();
    },
  };
};

/**
 * Offline migrations only (every service stopped): replaces the data and metadata of the given events in
 * one transaction, positions and revisions unchanged, then rewrites the file so that no page keeps the
 * replaced bytes. The append-only rule holds for every running service; this is for removing what must
 * not stay in the log (a credential an older version wrote in clear text).
 */
export const rewriteSqliteEvents = (path: string, rewrites: ReadonlyArray<{ position: number; data: unknown; metadata: RecordedEvent['metadata'] }>): void => {
  const db = new Database(path);
  try {
    db.pragma('busy_timeout = 5000');
    const update = db.prepare<[string, string, number]>('UPDATE events SET data = ?, metadata = ? WHERE position = ?');
    db.transaction(() => {
      for (const row of rewrites) update.run(JSON.stringify(row.data), JSON.stringify(row.metadata), row.position);
    })();
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.exec('VACUUM');
  } finally {
    db.close();
  }
};
