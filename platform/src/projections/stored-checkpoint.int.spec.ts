import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createTempDir, newTestEvent } from '@cn/platform/testing';
import { createSqliteDocumentStore } from '@cn/platform/document-store';
import { createInProcessEventBus } from '@cn/platform/event-bus';
import { createSqliteEventStore, type RecordedEvent } from '@cn/platform/event-store';
import { createReactor, storedCheckpoint } from './stored-checkpoint';

describe('storedCheckpoint', () => {
  const temp = createTempDir('cn-stored-checkpoint');
  afterAll(() => temp.remove());

  it('starts a replaying reactor at 0, and a mail reactor at the head it found on its first start, then keeps what it was given', async () => {
    const eventStore = createSqliteEventStore({ path: join(temp.dir, 'events.sqlite') });
    const documentStore = createSqliteDocumentStore({ path: join(temp.dir, 'documents.sqlite') });
    try {
      for (let i = 0; i < 3; i += 1) await eventStore.append('count-1', [newTestEvent('Counted')], { expectedRevision: 'any' });
      const head = await eventStore.headPosition();
      expect(head).toBeGreaterThan(0);

      const replaying = storedCheckpoint(documentStore, 'replaying');
      expect(await replaying.get()).toBe(0);

      const mails = storedCheckpoint(documentStore, 'mails', { startAtHeadOf: eventStore });
      expect(await mails.get()).toBe(head);
      await eventStore.append('count-1', [newTestEvent('Counted')], { expectedRevision: 'any' });
      // the head recorded on the first start stays: what came after it is still to be handled
      expect(await storedCheckpoint(documentStore, 'mails', { startAtHeadOf: eventStore }).get()).toBe(head);

      await replaying.set(2);
      expect(await storedCheckpoint(documentStore, 'replaying').get()).toBe(2);
      expect(await mails.get()).toBe(head);
    } finally {
      await eventStore.close();
      await documentStore.close();
    }
  });

  it('builds a reactor that replays from the start or acts only from the head, and logs "<what> stopped" when an event fails', async () => {
    const dir = join(temp.dir, 'reactor');
    mkdirSync(dir, { recursive: true });
    const eventStore = createSqliteEventStore({ path: join(dir, 'events.sqlite') });
    const bus = createInProcessEventBus({ eventStore, path: join(dir, 'events.sqlite') });
    const documentStore = createSqliteDocumentStore({ path: join(dir, 'documents.sqlite') });
    const logged: Array<{ obj: object; msg?: string }> = [];
    const logger = { info: () => undefined, error: (obj: object, msg?: string) => void logged.push({ obj, msg }) };
    const seen = { start: [] as number[], head: [] as number[] };
    const follower = (into: number[]) => (events: readonly RecordedEvent[]) => {
      for (const event of events) {
        if ((event.data as { fail?: boolean }).fail) return Promise.reject(new Error('refused'));
        into.push(event.position);
      }
      return Promise.resolve();
    };
    try {
      const before = (await eventStore.append('count-1', [newTestEvent('Counted'), newTestEvent('Counted')], { expectedRevision: 'any' })).position;
      const fromStart = createReactor({ name: 'replaying', bus, eventStore, documentStore, logger, handle: follower(seen.start), from: 'start', what: 'replaying' });
      const fromHead = createReactor({ name: 'mailing', bus, eventStore, documentStore, logger, handle: follower(seen.head), from: 'head', what: 'test mails' });
      await fromStart.start();
      await fromHead.start();
      expect(seen.start).toEqual([before - 1, before]);
      expect(seen.head).toEqual([]);

      const after = (await eventStore.append('count-1', [newTestEvent('Counted')], { expectedRevision: 'any' })).position;
      expect(await fromHead.waitFor(after, 5_000)).toBe(true);
      expect(seen.head).toEqual([after]);

      await eventStore.append('count-1', [newTestEvent('Counted', { fail: true })], { expectedRevision: 'any' });
      // the runner logs its own line too; the reactor's says which one stopped, in its words
      const stopped = () => logged.filter((entry) => entry.msg?.endsWith(' stopped') && 'reactor' in entry.obj);
      for (let tries = 0; tries < 100 && stopped().length < 2; tries += 1) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(stopped().map((entry) => entry.msg).sort()).toEqual(['replaying stopped', 'test mails stopped']);
      expect(stopped().map((entry) => (entry.obj as { reactor: string }).reactor).sort()).toEqual(['mailing', 'replaying']);
      await fromStart.stop();
      await fromHead.stop();
    } finally {
      await bus.close();
      await eventStore.close();
      await documentStore.close();
    }
  });

  it('catches a reactor of a few types up on those alone, its checkpoint past the others to the head, then live passes the others by without a checkpoint per turn', async () => {
    const dir = join(temp.dir, 'typed');
    mkdirSync(dir, { recursive: true });
    const eventStore = createSqliteEventStore({ path: join(dir, 'events.sqlite') });
    const bus = createInProcessEventBus({ eventStore, path: join(dir, 'events.sqlite') });
    const documentStore = createSqliteDocumentStore({ path: join(dir, 'documents.sqlite') });
    const logger = { info: () => undefined, error: () => undefined };
    const handed: string[][] = [];
    const handle = (events: readonly RecordedEvent[]) => {
      handed.push(events.map((event) => `${event.type}@${event.position}`));
      return Promise.resolve();
    };
    const stored = () => storedCheckpoint(documentStore, 'typed').get();
    try {
      const types = ['Passed', 'Wanted', 'Passed', 'Passed', 'Wanted', 'Passed', 'Passed'];
      await eventStore.append('typed-1', types.map((type) => newTestEvent(type)), { expectedRevision: 'any' });
      const head = await eventStore.headPosition();
      const reactor = createReactor({ name: 'typed', bus, eventStore, documentStore, logger, handle, from: 'start', what: 'typed', eventTypes: ['Wanted'] });
      await reactor.start();
      // the catch-up: the wanted events only, and the checkpoint at the head (the last events were passed by)
      expect(handed).toEqual([[`Wanted@${head - 5}`, `Wanted@${head - 2}`]]);
      expect(reactor.position()).toBe(head);
      expect(await stored()).toBe(head);
      // live, an event of another type is passed by: not handed over, the position moves, the stored checkpoint stays
      const passed = (await eventStore.append('typed-1', [newTestEvent('Passed')], { expectedRevision: 'any' })).position;
      expect(await reactor.waitFor(passed, 5_000)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(handed.flat()).not.toContain(`Passed@${passed}`);
      expect(await stored()).toBe(head);
      // a wanted one is handed over, and its checkpoint follows
      const wanted = (await eventStore.append('typed-1', [newTestEvent('Wanted')], { expectedRevision: 'any' })).position;
      expect(await reactor.waitFor(wanted, 5_000)).toBe(true);
      expect(handed.flat()).toContain(`Wanted@${wanted}`);
      for (let tries = 0; tries < 100 && (await stored()) < wanted; tries += 1) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await stored()).toBe(wanted);
      // passed by again; the stop writes the position it got to
      const last = (await eventStore.append('typed-1', [newTestEvent('Passed'), newTestEvent('Passed')], { expectedRevision: 'any' })).position;
      expect(await reactor.waitFor(last, 5_000)).toBe(true);
      expect(await stored()).toBe(wanted);
      await reactor.stop();
      expect(await stored()).toBe(last);
      // a restart finds nothing wanted after its checkpoint and hands nothing over
      handed.length = 0;
      const restarted = createReactor({ name: 'typed', bus, eventStore, documentStore, logger, handle, from: 'start', what: 'typed', eventTypes: ['Wanted'] });
      await restarted.start();
      expect(handed).toEqual([]);
      expect(restarted.position()).toBe(last);
      await restarted.stop();
    } finally {
      await bus.close();
      await eventStore.close();
      await documentStore.close();
    }
  });

  it('catches a reactor of varying types up: narrow while it waits for nothing, every type from the event after which it waits on, narrow again once nothing waits', async () => {
    const dir = join(temp.dir, 'varying');
    mkdirSync(dir, { recursive: true });
    const eventStore = createSqliteEventStore({ path: join(dir, 'events.sqlite') });
    const bus = createInProcessEventBus({ eventStore, path: join(dir, 'events.sqlite') });
    const documentStore = createSqliteDocumentStore({ path: join(dir, 'documents.sqlite') });
    const logger = { info: () => undefined, error: () => undefined };
    // like the upload expiry: an Uploaded waits for a Carrier (any other type) or a Published
    let waiting = 0;
    const handed: string[] = [];
    const handle = (events: readonly RecordedEvent[]) => {
      for (const event of events) {
        handed.push(`${event.type}@${event.position}`);
        if (event.type === 'Uploaded') waiting += 1;
        else if (waiting > 0) waiting -= 1;
      }
      return Promise.resolve();
    };
    const reads: Array<readonly string[] | undefined> = [];
    const readAll = eventStore.readAll.bind(eventStore);
    const counting = { ...eventStore, readAll: (options?: Parameters<typeof readAll>[0]) => (reads.push(options?.types), readAll(options)) };
    try {
      const types = ['Carrier', 'Uploaded', 'Carrier', 'Carrier', 'Uploaded', 'Published', 'Carrier', 'Carrier'];
      const first = (await eventStore.append('varying-1', types.map((type) => newTestEvent(type)), { expectedRevision: 'any' })).position - types.length + 1;
      const head = await eventStore.headPosition();
      const reactor = createReactor({
        name: 'varying',
        bus,
        eventStore: counting,
        documentStore,
        logger,
        handle,
        from: 'start',
        what: 'varying',
        varyingTypes: { now: () => (waiting > 0 ? undefined : ['Uploaded', 'Published']), widensAfter: (event) => event.type === 'Uploaded' },
      });
      await reactor.start();
      // the first carrier passed by (nothing waited), the one after the upload handed over although the narrow
      // read had passed it by too: that batch ended with the upload, the next one read every type, and the one
      // after it (nothing waits by then) the narrow types again
      expect(handed).toEqual(types.slice(1).map((type, i) => `${type}@${first + 1 + i}`));
      expect(reads).toEqual([['Uploaded', 'Published'], undefined, ['Uploaded', 'Published']]);
      expect(reactor.position()).toBe(head);
      expect(await storedCheckpoint(documentStore, 'varying').get()).toBe(head);
      await reactor.stop();
    } finally {
      await bus.close();
      await eventStore.close();
      await documentStore.close();
    }
  });
});
