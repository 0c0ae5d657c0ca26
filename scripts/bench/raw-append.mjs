// The hardware's limit the command path is measured against: one INSERT per transaction with better-sqlite3
// itself, WAL, synchronous=FULL, the same row shape as the event log.
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { perSecond, summarize } from './stats.mjs';

const require = createRequire(import.meta.url);

/** a MemberPresenceChanged of the size a status command appends, when no real one is at hand */
const presenceSample = {
  type: 'MemberPresenceChanged',
  data: { member_id: randomUUID(), type: 'online', text: { $pii: 'x'.repeat(120), subject: randomUUID() } },
  metadata: { memberId: randomUUID(), occurredAt: new Date().toISOString(), correlationId: randomUUID(), causationId: randomUUID(), schemaVersion: 1 },
};

export const rawSqliteAppend = ({ path, appends, maxMs, sample = presenceSample }) => {
  const Database = require('better-sqlite3');
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec('CREATE TABLE events (position INTEGER PRIMARY KEY AUTOINCREMENT, event_id TEXT UNIQUE, stream_id TEXT, revision INTEGER, type TEXT, data TEXT, metadata TEXT, recorded_at TEXT, UNIQUE (stream_id, revision))');
  const insert = db.prepare('INSERT INTO events (event_id, stream_id, revision, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
  const data = JSON.stringify(sample.data);
  const metadata = JSON.stringify(sample.metadata);
  const latencies = [];
  const started = performance.now();
  for (let i = 0; i < appends && performance.now() - started < maxMs; i++) {
    const t0 = performance.now();
    insert.run(randomUUID(), 'member-raw', i, sample.type, data, metadata, new Date().toISOString());
    latencies.push(performance.now() - t0);
  }
  const durationMs = performance.now() - started;
  db.close();
  return { appends: latencies.length, event_bytes: Buffer.byteLength(data) + Buffer.byteLength(metadata), per_s: perSecond(latencies.length, durationMs), latency: summarize(latencies) };
};
