import type * as WorkerThreads from 'node:worker_threads';
import type BetterSqlite3 from 'better-sqlite3';

export interface CheckpointerData {
  path: string;
  /** where better-sqlite3 is (an eval'd worker resolves modules from the working directory otherwise) */
  driver: string;
  intervalMs: number;
}

/** what the store tells its checkpointer: hold (a bulk load keeps the WAL until it ends), go on, stop */
export type CheckpointerMessage = 'hold' | 'release' | 'close';

/**
 * The WAL checkpointer of the SQLite document store, started as `new Worker(\`(${checkpointer})()\`, { eval:
 * true })`: it captures nothing and requires what it uses. On a connection of its own it copies what the
 * WAL holds into the database file every `intervalMs` (a PASSIVE checkpoint: writers go on meanwhile, and
 * the next write starts the WAL again from its beginning once everything is copied). A checkpoint syncs the
 * WAL and the file: on the service's event loop, every thousand pages a commit waited for the disk.
 */
export function checkpointer(): void {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const threads = require('node:worker_threads') as typeof WorkerThreads;
  const data = threads.workerData as CheckpointerData;
  const Sqlite = require(data.driver) as typeof BetterSqlite3;
  /* eslint-enable @typescript-eslint/no-require-imports */
  const db = new Sqlite(data.path);
  db.pragma('busy_timeout = 5000');
  let held = false;
  const timer = setInterval(() => {
    if (held) return;
    try {
      db.pragma('wal_checkpoint(PASSIVE)');
    } catch {
      // busy or failing now: tried again at the next tick (the store's own autocheckpoint stays as a backstop)
    }
  }, data.intervalMs);
  threads.parentPort?.on('message', (message: CheckpointerMessage) => {
    if (message === 'hold') held = true;
    else if (message === 'release') held = false;
    else {
      clearInterval(timer);
      db.close();
      threads.parentPort?.close();
    }
  });
}
