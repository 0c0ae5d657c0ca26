import { randomBytes } from 'node:crypto';
import { privateFile } from '@cn/platform/files';
import Database from 'better-sqlite3';
import type { KeyStore } from './key-store';

export interface SqliteKeyStoreOptions {
  path: string;
  /** how many subjects' keys stay in memory (10,000 unless told) */
  cachedKeys?: number;
}

const KEY_BYTES = 32;
const CACHED_KEYS = 10_000;

/** better-sqlite3 is synchronous; the ports are not: answer the work's result, or its error, as a promise */
const settle = <T>(work: () => T): Promise<T> => new Promise<T>((resolve) => resolve(work()));

export const createSqliteKeyStore = (options: SqliteKeyStoreOptions): KeyStore => {
  const db = new Database(privateFile(options.path));
  db.pragma('journal_mode = WAL');
  // a key must not be lost once data was encrypted with it
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  // secure_delete overwrites the freed pages, so a destroyed key does not linger in the file
  db.pragma('secure_delete = ON');
  db.exec('CREATE TABLE IF NOT EXISTS member_keys (subject_id TEXT PRIMARY KEY, key BLOB NOT NULL, created_at TEXT NOT NULL)');

  const insert = db.prepare<[string, Buffer, string]>(
    'INSERT INTO member_keys (subject_id, key, created_at) VALUES (?, ?, ?) ON CONFLICT (subject_id) DO NOTHING',
  );
  const select = db.prepare<[string], { key: Buffer }>('SELECT key FROM member_keys WHERE subject_id = ?');
  const remove = db.prepare<[string]>('DELETE FROM member_keys WHERE subject_id = ?');

  /**
   * Keys read lately (a status command encrypts with its member's key and the projectors reveal it twice).
   * `PRAGMA data_version` changes on this connection when any other connection (another process, or another
   * store on the same file) committed a change to the file since the last look: then everything kept is
   * dropped before the key is answered. So a key destroyed anywhere is never answered after its `destroy`
   * resolved there; this store's own destroy drops its entry itself (its own commits do not move the version).
   * The check reads the WAL index in shared memory, no page of the table.
   */
  const dataVersion = db.prepare<[], number>('PRAGMA data_version').pluck();
  const cached = new Map<string, Buffer>();
  const limit = options.cachedKeys ?? CACHED_KEYS;
  let seenVersion = dataVersion.get();
  const keep = (subjectId: string, key: Buffer): Buffer => {
    cached.set(subjectId, key);
    if (cached.size > limit) cached.delete(cached.keys().next().value as string);
    return key;
  };
  const lookUp = (subjectId: string): Buffer | null => {
    const version = dataVersion.get();
    if (version !== seenVersion) {
      cached.clear();
      seenVersion = version;
    }
    const known = cached.get(subjectId);
    if (known) return known;
    const row = select.get(subjectId);
    return row ? keep(subjectId, row.key) : null;
  };

  return {
    getOrCreate: (subjectId) => settle(() => {
      // read first: nearly every call finds the key, and a read takes no write lock and draws no random bytes
      const known = lookUp(subjectId);
      if (known) return known;
      insert.run(subjectId, randomBytes(KEY_BYTES), new Date().toISOString());
      // another process may have created it first (DO NOTHING): the stored one is the key
      const row = select.get(subjectId);
      if (!row) throw new Error(`key for ${subjectId} could not be stored`);
      return keep(subjectId, row.key);
    }),
    get: (subjectId) => settle(() => lookUp(subjectId)),
    destroy: (subjectId) => settle(() => {
      cached.delete(subjectId);
      remove.run(subjectId);
    }),
    close: () => settle(() => {
      cached.clear();
      if (db.open) db.close();
    }),
  };
};
