import { spawn } from 'node:child_process';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { createTempDir, newTestEvent } from '@cn/platform/testing';
import { createSqliteDocumentStore } from '@cn/platform/document-store';
import { createInProcessEventBus } from '@cn/platform/event-bus';
import { createSqliteEventStore } from '@cn/platform/event-store';
import { createSqliteKeyStore } from '@cn/platform/key-store';
import { createPersonalDataCipher } from '@cn/platform/personal-data';
import type { ProjectedDocument, Projection } from './projection';
import { CHECKPOINTS_COLLECTION, createDocumentProjector } from './projection-runner';

/**
 * A catch-up (start or rebuild) writes each batch's documents and checkpoints in one transaction. A process
 * killed with SIGKILL anywhere in it, between one batch's documents and the next batch's checkpoint or in the
 * middle of applying a batch, must leave read models that a restart completes with nothing lost and nothing
 * applied twice: a counter of the events each document saw tells both apart.
 */
interface CounterDoc extends ProjectedDocument {
  bumps: number;
  positions: number;
}

// the same read model in the killed process (which runs the built platform, as int specs do)
const PROJECTION_SOURCE = `({
  name: 'counters',
  version: 1,
  eventTypes: ['Bumped'],
  documentIds: (event) => [event.data.counter],
  evolve: (doc, event, id) => ({ _id: id, bumps: (doc ? doc.bumps : 0) + 1, positions: (doc ? doc.positions : 0) + event.position }),
})`;
const counters: Projection<CounterDoc> = {
  name: 'counters',
  version: 1,
  eventTypes: ['Bumped'],
  documentIds: (event) => [(event.data as { counter: string }).counter],
  evolve: (doc, event, id) => ({ _id: id, bumps: (doc?.bumps ?? 0) + 1, positions: (doc?.positions ?? 0) + event.position }),
};

const EVENTS = 9000;
const COUNTERS = 40;

/** the killed process: catches up, and SIGKILLs itself at the chosen moment */
const childScript = (dir: string, killAt: { afterWrites?: number; atPosition?: number }, columns?: readonly string[]): string => `
const platform = require('@cn/platform');
const { join } = require('node:path');
const dir = ${JSON.stringify(dir)};
const eventStore = platform.createSqliteEventStore({ path: join(dir, 'events.sqlite') });
const documentStore = platform.createSqliteDocumentStore({ path: join(dir, 'read-models.sqlite') });
const keyStore = platform.createSqliteKeyStore({ path: join(dir, 'keys.sqlite') });
const bus = platform.createInProcessEventBus({ eventStore, path: join(dir, 'events.sqlite') });
let writes = 0;
const writeAll = documentStore.writeAll;
documentStore.writeAll = async (w) => {
  await writeAll(w);
  writes += 1;
  // the batch's documents and checkpoints are committed; the projector has not moved on yet
  if (writes === ${killAt.afterWrites ?? -1}) process.kill(process.pid, 'SIGKILL');
};
const projection = ${PROJECTION_SOURCE};
${columns ? `projection.columns = ${JSON.stringify(columns)};` : ''}
const evolve = projection.evolve;
projection.evolve = (doc, event, id) => {
  if (event.position === ${killAt.atPosition ?? -1}) process.kill(process.pid, 'SIGKILL');
  return evolve(doc, event, id);
};
const projector = platform.createDocumentProjector({
  name: 'crash', projections: [projection], bus, eventStore, documentStore, cipher: platform.createPersonalDataCipher(keyStore),
});
projector.start().then(() => process.exit(3));
`;

const runUntilKilled = (cwd: string, script: string): Promise<NodeJS.Signals | number | null> =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, ['-e', script], { cwd, stdio: ['ignore', 'ignore', 'inherit'] });
    child.once('exit', (code, signal) => resolve(signal ?? code));
  });

// the shared JSON table, and a table of the read model's own (the audit log's layout: a replay from the
// empty collection inserts, the restart upserts)
describe.each([
  ['kept as JSON documents', undefined],
  ['kept in a table with columns', ['bumps', 'positions']],
])('catch-up killed with SIGKILL, documents %s', (_layout, columns) => {
  const projection: Projection<CounterDoc> = columns ? { ...counters, columns } : counters;
  let temp: ReturnType<typeof createTempDir>;
  let expected: Map<string, { bumps: number; positions: number }>;

  beforeEach(async () => {
    temp = createTempDir('cn-catch-up-crash');
    const eventStore = createSqliteEventStore({ path: join(temp.dir, 'events.sqlite') });
    expected = new Map();
    const pending = Array.from({ length: EVENTS }, (_v, i) => `c${i % COUNTERS}`);
    for (let i = 0; i < pending.length; i += 500) {
      const chunk = pending.slice(i, i + 500);
      const { position } = await eventStore.append('counters', chunk.map((counter) => newTestEvent('Bumped', { counter })), { expectedRevision: 'any' });
      chunk.forEach((counter, j) => {
        const seen = expected.get(counter) ?? { bumps: 0, positions: 0 };
        expected.set(counter, { bumps: seen.bumps + 1, positions: seen.positions + position - chunk.length + 1 + j });
      });
    }
    await eventStore.close();
  });
  afterEach(() => temp.remove());

  /** a projector in this process completes what the killed one left */
  const restartAndRead = async (): Promise<{ docs: CounterDoc[]; checkpoint: number; head: number }> => {
    const eventStore = createSqliteEventStore({ path: join(temp.dir, 'events.sqlite') });
    const documentStore = createSqliteDocumentStore({ path: join(temp.dir, 'read-models.sqlite') });
    const keyStore = createSqliteKeyStore({ path: join(temp.dir, 'keys.sqlite') });
    const bus = createInProcessEventBus({ eventStore, path: join(temp.dir, 'events.sqlite') });
    try {
      const before = await documentStore.collection<{ _id: string; position: number }>(CHECKPOINTS_COLLECTION).get('crash/counters_v1');
      const projector = createDocumentProjector({ name: 'crash', projections: [projection], bus, eventStore, documentStore, cipher: createPersonalDataCipher(keyStore) });
      await projector.start();
      await projector.stop();
      const docs = await documentStore.collection<CounterDoc>('counters_v1').find({}, { sort: [['_id', 1]] });
      return { docs, checkpoint: before?.position ?? 0, head: await eventStore.headPosition() };
    } finally {
      await bus.close();
      await eventStore.close();
      await documentStore.close();
      await keyStore.close();
    }
  };

  const expectExactly = (docs: CounterDoc[]): void => {
    expect(docs).toHaveLength(COUNTERS);
    for (const doc of docs) expect({ id: doc._id, bumps: doc.bumps, positions: doc.positions }).toEqual({ id: doc._id, ...expected.get(doc._id) });
  };

  it('right after a batch is committed, before the projector moves on: the restart goes on from that batch', async () => {
    expect(await runUntilKilled(process.cwd(), childScript(temp.dir, { afterWrites: 2 }, columns))).toBe('SIGKILL');
    const { docs, checkpoint, head } = await restartAndRead();
    // two batches of the catch-up were kept, the rest was not
    expect(checkpoint).toBeGreaterThan(0);
    expect(checkpoint).toBeLessThan(head);
    expectExactly(docs);
  });

  it('in the middle of applying a batch: nothing of that batch was written, the restart applies it once', async () => {
    expect(await runUntilKilled(process.cwd(), childScript(temp.dir, { atPosition: 5000 }, columns))).toBe('SIGKILL');
    const { docs, checkpoint } = await restartAndRead();
    expect(checkpoint).toBeGreaterThan(0);
    expect(checkpoint).toBeLessThan(5000);
    expectExactly(docs);
  });
});

/**
 * A restart far behind on a read model with a document per event (the audit) inserts without its indexes
 * (`deferIndexes`) and builds them at the end. Killed in between, the table is left without them: the next
 * start builds them again and completes the read model, each event's document once.
 */
describe('catch-up far behind on a read model with a document per event, killed with SIGKILL', () => {
  const ENTRIES_SOURCE = `({
    name: 'entries',
    version: 1,
    eventTypes: ['Bumped'],
    documentIds: (event) => [event.id],
    evolve: (_doc, event, id) => ({ _id: id, counter: event.data.counter, position: event.position }),
    indexes: [['counter', 'position']],
    columns: ['counter', 'position'],
    evolvesNew: true,
    documentPerEvent: true,
  })`;
  const entries: Projection = {
    name: 'entries',
    version: 1,
    eventTypes: ['Bumped'],
    documentIds: (event) => [event.id],
    evolve: (_doc, event, id) => ({ _id: id, counter: (event.data as { counter: string }).counter, position: event.position }),
    indexes: [['counter', 'position']],
    columns: ['counter', 'position'],
    evolvesNew: true,
    documentPerEvent: true,
  };
  const FIRST = 1000;
  const GROWN = 24_000;
  let temp: ReturnType<typeof createTempDir>;

  const open = () => {
    const eventStore = createSqliteEventStore({ path: join(temp.dir, 'events.sqlite') });
    const documentStore = createSqliteDocumentStore({ path: join(temp.dir, 'read-models.sqlite') });
    const keyStore = createSqliteKeyStore({ path: join(temp.dir, 'keys.sqlite') });
    const bus = createInProcessEventBus({ eventStore, path: join(temp.dir, 'events.sqlite') });
    const projector = createDocumentProjector({ name: 'crash', projections: [entries], bus, eventStore, documentStore, cipher: createPersonalDataCipher(keyStore) });
    const close = async (): Promise<void> => {
      await bus.close();
      await eventStore.close();
      await documentStore.close();
      await keyStore.close();
    };
    return { eventStore, documentStore, projector, close };
  };
  const append = async (count: number): Promise<void> => {
    const eventStore = createSqliteEventStore({ path: join(temp.dir, 'events.sqlite') });
    for (let i = 0; i < count; i += 1000) {
      await eventStore.append('counters', Array.from({ length: Math.min(1000, count - i) }, (_v, j) => newTestEvent('Bumped', { counter: `c${(i + j) % COUNTERS}` })), { expectedRevision: 'any' });
    }
    await eventStore.close();
  };
  const entryIndexes = (): string[] => {
    const db = new Database(join(temp.dir, 'read-models.sqlite'), { readonly: true });
    try {
      return db.prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'c:entries_v1' ORDER BY name").all().map((row) => row.name);
    } finally {
      db.close();
    }
  };

  beforeEach(async () => {
    temp = createTempDir('cn-catch-up-crash');
    await append(FIRST);
    // caught up once: the read model holds documents and its id index
    const first = open();
    await first.projector.start();
    await first.projector.stop();
    await first.close();
    await append(GROWN);
  });
  afterEach(() => temp.remove());

  it('between batches: the next start builds the indexes again and writes every event once', async () => {
    expect(entryIndexes()).toEqual(['c:entries_v1:by:counter__position', 'c:entries_v1:id']);
    const script = childScript(temp.dir, { afterWrites: 3 }).replace(`const projection = ${PROJECTION_SOURCE};`, `const projection = ${ENTRIES_SOURCE};`);
    expect(await runUntilKilled(process.cwd(), script)).toBe('SIGKILL');
    // killed with the indexes deferred
    expect(entryIndexes()).toEqual([]);
    const restarted = open();
    try {
      const before = await restarted.documentStore.collection<{ _id: string; position: number }>(CHECKPOINTS_COLLECTION).get('crash/entries_v1');
      expect(before?.position).toBeGreaterThan(FIRST);
      await restarted.projector.start();
      await restarted.projector.stop();
      const events = await restarted.eventStore.readAll({ after: 0 });
      const collection = restarted.documentStore.collection<ProjectedDocument & { counter: string; position: number }>('entries_v1');
      expect(await collection.count()).toBe(FIRST + GROWN);
      for (const event of events.filter((_e, i) => i % 997 === 0)) {
        expect(await collection.get(event.id)).toEqual({ _id: event.id, counter: (event.data as { counter: string }).counter, position: event.position, _position: event.position });
      }
    } finally {
      await restarted.close();
    }
    expect(entryIndexes()).toEqual(['c:entries_v1:by:counter__position', 'c:entries_v1:id']);
  });
});
