import { randomBytes } from 'node:crypto';
import { privateFile } from '@cn/platform/files';
import Database from 'better-sqlite3';
import type { KeyStore } from './key-store';

export interface SqliteKeyStoreOptions {
  path: string;
}

const KEY_BYTES = 32;

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

  return {
    getOrCreate: (subjectId) => settle(() => {
      // read first: nearly every call finds the key, and a read takes no write lock and draws no random bytes
      const known = select.get(subjectId);
      if (known) return known.key;
      insert.run(subjectId, randomBytes(KEY_BYTES), new Date().toISOString());
      const row = select.get(subjectId);
      if (!row) throw new Error(`key for ${subjectId} could not be stored`);
      return row.key;
    }),
    get: (subjectId) => settle(() => select.get(subjectId)?.key ?? null),
    destroy: (subjectId) => settle(() => {
      remove.run(subjectId);
    }),
    close: () => settle(() => {
      if (db.open) db.close();
    }),
  };
};
