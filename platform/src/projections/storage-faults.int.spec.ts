import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTempDir, eventually, newTestEvent } from '@cn/platform/testing';
import { type Document, type DocumentCollection, type DocumentStore, createSqliteDocumentStore } from '@cn/platform/document-store';
import { createInProcessEventBus } from '@cn/platform/event-bus';
import { createSqliteEventStore } from '@cn/platform/event-store';
import { createSqliteKeyStore } from '@cn/platform/key-store';
import { createPersonalDataCipher } from '@cn/platform/personal-data';
import type { ProjectedDocument, Projection } from './projection';
import { createDocumentProjector } from './projection-runner';
import { createMiniSearchIndex } from '@cn/platform/search-index';
import { createOutboxMail } from '@cn/platform/mail';
import { isStorageFault } from '@cn/platform/storage';
import { MeiliSearchRequestError, MeiliSearchTimeOutError } from 'meilisearch';

const diskFull = (): Error => Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
const noSpace = (): Error => Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });

interface CountDoc extends ProjectedDocument {
  count: number;
}
const counts: Projection<CountDoc> = {
  name: 'counts',
  version: 1,
  eventTypes: ['Counted'],
  documentIds: () => ['total'],
  evolve: (doc, _event, id) => ({ _id: id, count: (doc?.count ?? 0) + 1 }),
};

/** the document store, with its writes failing while `failures` is above 0 */
const flaky = (store: DocumentStore, state: { failures: number }): DocumentStore => ({
  ...store,
  // a projector writes its documents and checkpoints of a batch or a turn together
  writeAll: (writes) => (state.failures-- > 0 ? Promise.reject(diskFull()) : store.writeAll(writes)),
  collection: <T extends Document>(name: string): DocumentCollection<T> => {
    const collection = store.collection<T>(name);
    // single writes and batches alike (live events are written once per turn, with writeMany)
    return {
      ...collection,
      upsert: (doc: T) => (state.failures-- > 0 ? Promise.reject(diskFull()) : collection.upsert(doc)),
      writeMany: (changes) => (state.failures-- > 0 ? Promise.reject(diskFull()) : collection.writeMany(changes)),
    };
  },
});

describe('storage faults in background work', () => {
  let temp: ReturnType<typeof createTempDir>;
  beforeEach(() => {
    temp = createTempDir('cn-storage-faults');
  });
  afterEach(() => {
    jest.useRealTimers();
    temp.remove();
  });

  it('knows a fault by its code, also as a cause, and nothing else', () => {
    expect(isStorageFault(diskFull())).toBe(true);
    expect(isStorageFault(Object.assign(new Error('x'), { code: 'SQLITE_IOERR_WRITE' }))).toBe(true);
    expect(isStorageFault(new Error('wrapped', { cause: noSpace() }))).toBe(true);
    expect(isStorageFault(Object.assign(new Error('x'), { name: 'MongoServerSelectionError' }))).toBe(true);
    expect(isStorageFault(Object.assign(new Error('constraint'), { code: 'SQLITE_CONSTRAINT_UNIQUE' }))).toBe(false);
    expect(isStorageFault(new Error('bug'))).toBe(false);
    // an error class from another realm (better-sqlite3 keeps the SqliteError it was first loaded with)
    expect(isStorageFault({ name: 'SqliteError', message: 'database or disk is full', code: 'SQLITE_FULL' })).toBe(true);
    // Meilisearch out of reach, or a task still queued when the wait for it ended: the search projector
    // waits it out instead of stopping for good
    expect(isStorageFault(new MeiliSearchRequestError('http://127.0.0.1:1/indexes', new TypeError('fetch failed')))).toBe(true);
    expect(isStorageFault(new MeiliSearchTimeOutError('timeout of 30000ms has exceeded on process 12 when waiting a task to be resolved.'))).toBe(true);
  });

  it('lets a projector wait out failing writes on the same event, skipping nothing', async () => {
    const eventStore = createSqliteEventStore({ path: join(temp.dir, 'events.sqlite') });
    const bus = createInProcessEventBus({ eventStore, path: join(temp.dir, 'events.sqlite') });
    const documentStore = createSqliteDocumentStore({ path: join(temp.dir, 'read-models.sqlite') });
    const keyStore = createSqliteKeyStore({ path: join(temp.dir, 'keys.sqlite') });
    const state = { failures: 0 };
    const projector = createDocumentProjector({
      name: 'counter',
      projections: [counts],
      bus,
      eventStore,
      documentStore: flaky(documentStore, state),
      cipher: createPersonalDataCipher(keyStore),
    });
    try {
      await projector.start();
      await eventStore.append('count-1', [newTestEvent('Counted')], { expectedRevision: 'any' });
      expect(await projector.waitFor(await eventStore.headPosition(), 3000)).toBe(true);
      // the disk fills: the next writes fail a few times, then space returns
      state.failures = 4;
      for (let i = 0; i < 3; i += 1) await eventStore.append('count-1', [newTestEvent('Counted')], { expectedRevision: 'any' });
      const head = await eventStore.headPosition();
      expect(await projector.waitFor(head, 10_000)).toBe(true);
      expect(state.failures).toBeLessThan(0);
      expect(await documentStore.collection<CountDoc>('counts_v1').get('total')).toMatchObject({ count: 4, _position: head });
      // the read model's own checkpoint, written once the turn is over
      await eventually(async () => (await documentStore.collection<{ _id: string; position: number }>('_checkpoints').get('counter/counts_v1'))?.position === head);
    } finally {
      await projector.stop();
      await bus.close();
      await eventStore.close();
      await documentStore.close();
      await keyStore.close();
    }
  });

  it('keeps the search snapshot whole: a failed write leaves no temporary file, and a later one succeeds', async () => {
    const dir = join(temp.dir, 'search');
    let failures = 2;
    // the snapshot is written synchronously when its timer fires: the test moves the timers instead of waiting
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const index = createMiniSearchIndex({
      dir,
      flushDelayMs: 10,
      writeFile: (path, data) => {
        if (failures-- > 0) {
          // half a file, then the disk is full
          writeFileSync(path, data.slice(0, 10));
          throw noSpace();
        }
        writeFileSync(path, data);
      },
    });
    const members = await index.index('members', { searchableAttributes: ['name'], filterableAttributes: [] });
    await members.upsert([{ id: 'm1', name: 'Ada' }]);
    jest.advanceTimersByTime(5);
    const snapshot = join(dir, 'search-snapshot.json');
    // retried (10 ms, then 20 ms) until written: whole, and no temporary file left on the way
    for (let waited = 0; !existsSync(snapshot) && waited < 3000; waited += 10) {
      expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
      jest.advanceTimersByTime(10);
    }
    jest.useRealTimers();
    expect(failures).toBeLessThan(0);
    expect(JSON.parse(readFileSync(snapshot, 'utf8'))).toMatchObject({ indexes: { members: { documents: [{ id: 'm1', name: 'Ada' }] } } });
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    await index.close();
  });

  it('leaves no half-written mail in the outbox when the disk is full', async () => {
    const dir = join(temp.dir, 'outbox');
    let full = false;
    const mail = createOutboxMail({
      dir,
      writeFile: async (path, data) => {
        // half a mail, then the disk is full
        writeFileSync(path, full ? data.slice(0, 20) : data);
        if (full) throw noSpace();
        await Promise.resolve();
      },
    });
    await mail.send({ to: ['a@example.org'], subject: 'fits', text: 'x' });
    full = true;
    await expect(mail.send({ to: ['a@example.org'], subject: 'too much', text: 'y'.repeat(1000) })).rejects.toMatchObject({ code: 'ENOSPC' });
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect(readdirSync(dir)).toHaveLength(1);
  });
});
