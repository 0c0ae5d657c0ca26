import Database from 'better-sqlite3';
import { privateFile } from '../files/private-files';
import type {
  AppendResult,
  EventStore,
  EventSubscription,
  ExpectedRevision,
  NewEvent,
  ReadAllOptions,
  RecordedEvent,
} from './event-store';
import { WrongExpectedRevisionError } from './event-store';

export interface SqliteEventStoreOptions {
  path: string;
  /** FULL (default): an acknowledged append survives a power cut or SIGKILL of the process. */
  synchronous?: 'FULL' | 'NORMAL';
}

interface EventRow {
  position: number;
  event_id: string;
  stream_id: string;
  revision: number;
  type: string;
  data: string;
  metadata: string;
  recorded_at: string;
}

const SUBSCRIPTION_BATCH = 500;
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
      UNIQUE (stream_id, revision)
    );
  `);

  const lastOfStream = db.prepare<[string], { revision: number; position: number }>(
    'SELECT revision, position FROM events WHERE stream_id = ? ORDER BY revision DESC LIMIT 1',
  );
  const findById = db.prepare<[string], { stream_id: string; revision: number; position: number }>(
    'SELECT stream_id, revision, position FROM events WHERE event_id = ?',
  );
  const insert = db.prepare<[string, string, number, string, string, string, string]>(
    `INSERT INTO events (event_id, stream_id, revision, type, data, metadata, recorded_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const selectStream = db.prepare<[string, number], EventRow>(
    'SELECT * FROM events WHERE stream_id = ? AND revision >= ? ORDER BY revision',
  );
  const selectAll = db.prepare<[number, number], EventRow>(
    'SELECT * FROM events WHERE position > ? ORDER BY position LIMIT ?',
  );
  const selectHead = db.prepare<[], { head: number | null }>('SELECT MAX(position) AS head FROM events');

  /** An idempotent retry: every id already stored in this stream, in the same order, consecutively. */
  const previousResult = (streamId: string, events: readonly NewEvent[]): AppendResult | null => {
    const stored = events.map((event) => findById.get(event.id));
    if (stored.every((row) => row === undefined)) return null;
    const sameAppend = stored.every(
      (row, index) =>
        row !== undefined && row.stream_id === streamId && row.revision === (stored[0]?.revision ?? 0) + index,
    );
    const last = stored[stored.length - 1];
    if (!sameAppend || last === undefined) {
      throw new Error(`stream ${streamId}: some of the appended event ids are already stored elsewhere`);
    }
    return { nextExpectedRevision: last.revision, position: last.position };
  };

  const appendTransaction = db.transaction(
    (streamId: string, events: readonly NewEvent[], expected: ExpectedRevision): AppendResult => {
      const retried = previousResult(streamId, events);
      if (retried) return retried;
      const last = lastOfStream.get(streamId);
      const actual = last === undefined ? 'no_stream' : last.revision;
      if (expected !== 'any' && expected !== actual) {
        throw new WrongExpectedRevisionError(streamId, expected, actual);
      }
      let revision = last === undefined ? -1 : last.revision;
      let position = last?.position ?? 0;
      const recordedAt = new Date().toISOString();
      for (const event of events) {
        revision += 1;
        const info = insert.run(
          event.id,
          streamId,
          revision,
          event.type,
          JSON.stringify(event.data),
          JSON.stringify(event.metadata),
          recordedAt,
        );
        position = Number(info.lastInsertRowid);
      }
      return { nextExpectedRevision: revision, position };
    },
  );

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
    const listener = (): void => wake?.();
    listeners.add(listener);

    const idle = (): Promise<void> =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(done, POLL_INTERVAL_MS);
        function done(): void {
          clearTimeout(timer);
          wake = null;
          resolve();
        }
        wake = done;
      });

    const run = async (): Promise<void> => {
      let position = after;
      try {
        while (!stopped) {
          const batch = selectAll.all(position, SUBSCRIPTION_BATCH);
          if (batch.length === 0) {
            await idle();
            continue;
          }
          for (const row of batch) {
            if (stopped) return;
            await handler(toRecorded(row));
            position = row.position;
          }
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

  return {
    append: (streamId, events, { expectedRevision }) => settle(() => {
      if (events.length === 0) {
        const last = lastOfStream.get(streamId);
        const actual = last === undefined ? 'no_stream' : last.revision;
        if (expectedRevision !== 'any' && expectedRevision !== actual) {
          throw new WrongExpectedRevisionError(streamId, expectedRevision, actual);
        }
        return { nextExpectedRevision: last?.revision ?? -1, position: last?.position ?? 0 };
      }
      // IMMEDIATE takes the write lock before the revision check, so two processes cannot both pass it
      const result = appendTransaction.immediate(streamId, events, expectedRevision);
      notifyAppended();
      return result;
    }),
    readStream: (streamId, readOptions = {}) =>
      settle(() => selectStream.all(streamId, readOptions.fromRevision ?? 0).map(toRecorded)),
    readAll: (readOptions: ReadAllOptions = {}) => settle(() =>
      selectAll.all(readOptions.after ?? 0, readOptions.limit ?? -1).map(toRecorded)),
    headPosition: () => settle(() => selectHead.get()?.head ?? 0),
    subscribeToAll,
    close: async () => {
      if (closed) return;
      closed = true;
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
