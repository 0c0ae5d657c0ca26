import type * as Crypto from 'node:crypto';
import type * as WorkerThreads from 'node:worker_threads';
import type BetterSqlite3 from 'better-sqlite3';
import type { AppendResult, ExpectedRevision, NewEvent } from './event-store';
import { WrongExpectedRevisionError } from './event-store';

/** One event as the writer thread receives it: data and metadata already JSON (strings cross threads cheaply). */
export interface SerializedEvent {
  id: string;
  type: string;
  data: string;
  metadata: string;
}

/** One append as the writer thread receives it. */
export interface AppendRequest {
  streamId: string;
  events: readonly SerializedEvent[];
  expected: ExpectedRevision;
  /** the id the stream's last event must have (an append chained on an earlier one of this process) */
  expectedLastEventId?: string;
}

export const serializedEvent = (event: NewEvent): SerializedEvent => ({
  id: event.id,
  type: event.type,
  data: JSON.stringify(event.data),
  metadata: JSON.stringify(event.metadata),
});

/** A refusal or failure, as plain data across the thread boundary. */
export type AppendError =
  | { kind: 'wrong_expected_revision'; streamId: string; expected: ExpectedRevision; actual: number | 'no_stream' }
  | { kind: 'failed'; message: string; name?: string; code?: string };

/** `recordedAt` when the events were written now (not by an earlier, idempotently retried, append) */
export type AppendOutcome = { result: AppendResult; recordedAt?: string } | { error: AppendError };

export interface AppendWorkerData {
  path: string;
  synchronous: 'FULL' | 'NORMAL';
  /** where better-sqlite3 is (an eval'd worker resolves modules from the working directory otherwise) */
  driver: string;
}

/** The error an append is rejected with: a WrongExpectedRevisionError, or the driver's error with its code. */
export const errorOf = (error: AppendError): Error => {
  if (error.kind === 'wrong_expected_revision') return new WrongExpectedRevisionError(error.streamId, error.expected, error.actual);
  const failure = new Error(error.message) as Error & { code?: string };
  if (error.name) failure.name = error.name;
  if (error.code) failure.code = error.code;
  return failure;
};

/**
 * The writer thread of the SQLite event store, started as `new Worker(\`(${appendWorker})()\`, { eval: true })`:
 * it captures nothing and requires what it uses. It owns the write connection; each message is a batch of
 * appends, written in one IMMEDIATE transaction (the write lock is taken before the revision checks, so two
 * processes cannot both pass one), each append a savepoint of its own; it answers one outcome per append.
 */
export function appendWorker(): void {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const threads = require('node:worker_threads') as typeof WorkerThreads;
  const parentPort = threads.parentPort;
  const data = threads.workerData as AppendWorkerData;
  const Sqlite = require(data.driver) as typeof BetterSqlite3;
  /* eslint-enable @typescript-eslint/no-require-imports */
  const db = new Sqlite(data.path);
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${data.synchronous === 'NORMAL' ? 'NORMAL' : 'FULL'}`);
  db.pragma('busy_timeout = 5000');

  const lastOfStream = db.prepare<[string], { revision: number; position: number; event_id: string }>(
    'SELECT revision, position, event_id FROM events WHERE stream_id = ? ORDER BY revision DESC LIMIT 1',
  );
  const findById = db.prepare<[string], { stream_id: string; revision: number; position: number }>(
    'SELECT stream_id, revision, position FROM events WHERE event_id = ?',
  );
  const insert = db.prepare<[string, string, number, string, string, string, string, string]>(
    `INSERT INTO events (event_id, stream_id, revision, type, data, metadata, recorded_at, hash)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const lastHash = db.prepare<[], { hash: string | null }>('SELECT hash FROM events ORDER BY position DESC LIMIT 1');
  /* eslint-disable @typescript-eslint/no-require-imports */
  const crypto = require('node:crypto') as typeof Crypto;
  /* eslint-enable @typescript-eslint/no-require-imports */
  // the link of the hash chain (chainLink in sqlite-event-store.ts computes the same; the worker captures nothing)
  const link = (previous: string, event: SerializedEvent, streamId: string, revision: number, recordedAt: string): string =>
    crypto.createHash('sha256').update(JSON.stringify([previous, event.id, streamId, revision, event.type, event.data, event.metadata, recordedAt])).digest('hex');
  /** the hash of the last event written in this transaction, the chain's head */
  let head = '';

  // no class here: a compiler helper it might need would not exist in the eval'd worker
  const refused = (refusal: AppendError): Error & { refusal: AppendError } => Object.assign(new Error('refused'), { refusal });

  /** An idempotent retry: every id already stored in this stream, in the same order, consecutively. */
  const previousResult = (streamId: string, events: readonly SerializedEvent[]): AppendResult | null => {
    const stored = events.map((event) => findById.get(event.id));
    if (stored.every((row) => row === undefined)) return null;
    const sameAppend = stored.every((row, index) => row !== undefined && row.stream_id === streamId && row.revision === (stored[0]?.revision ?? 0) + index);
    const last = stored[stored.length - 1];
    if (!sameAppend || last === undefined) throw new Error(`stream ${streamId}: some of the appended event ids are already stored elsewhere`);
    return { nextExpectedRevision: last.revision, position: last.position };
  };

  const appendOne = db.transaction(({ streamId, events, expected, expectedLastEventId }: AppendRequest): AppendOutcome & { chained?: string } => {
    const retried = previousResult(streamId, events);
    if (retried) return { result: retried };
    const last = lastOfStream.get(streamId);
    const actual = last === undefined ? 'no_stream' : last.revision;
    const chainBroken = expectedLastEventId !== undefined && last?.event_id !== expectedLastEventId;
    if ((expected !== 'any' && expected !== actual) || chainBroken) throw refused({ kind: 'wrong_expected_revision', streamId, expected, actual });
    let revision = last === undefined ? -1 : last.revision;
    let position = last?.position ?? 0;
    const recordedAt = new Date().toISOString();
    // the chain moves on only once this append's savepoint holds (a refused append leaves it where it was)
    let chained = head;
    for (const event of events) {
      revision += 1;
      chained = link(chained, event, streamId, revision, recordedAt);
      const info = insert.run(event.id, streamId, revision, event.type, event.data, event.metadata, recordedAt, chained);
      position = Number(info.lastInsertRowid);
    }
    return { result: { nextExpectedRevision: revision, position }, recordedAt, chained };
  });

  const failureOf = (error: unknown): AppendError => {
    const { message, name, code, refusal } = error as { message?: unknown; name?: unknown; code?: unknown; refusal?: AppendError };
    if (refusal) return refusal;
    return {
      kind: 'failed',
      message: typeof message === 'string' ? message : String(error),
      ...(typeof name === 'string' ? { name } : {}),
      ...(typeof code === 'string' ? { code } : {}),
    };
  };

  // nested in the batch's transaction, each appendOne is a savepoint: a refusal rolls back that append only
  const appendBatch = db.transaction((batch: readonly AppendRequest[]): AppendOutcome[] => {
    // read under the batch's write lock: another process may have written since this one's last batch
    head = lastHash.get()?.hash ?? '';
    return batch.map((request) => {
      try {
        const { chained, ...outcome } = appendOne(request);
        if (chained !== undefined) head = chained;
        return outcome;
      } catch (error) {
        return { error: failureOf(error) };
      }
    });
  });

  parentPort?.on('message', (batch: AppendRequest[]) => {
    let outcomes: AppendOutcome[];
    try {
      outcomes = appendBatch.immediate(batch);
    } catch (error) {
      // the commit itself failed (a full disk, a lock held too long): nothing of the batch was written
      const failure = failureOf(error);
      outcomes = batch.map(() => ({ error: failure }));
    }
    parentPort.postMessage(outcomes);
  });
}
