import { join } from 'node:path';
import { createTempDir, openEmbeddedStores, type EmbeddedStores, eventually, newTestEvent } from '@cn/platform/testing';
import type { DocumentStore } from '@cn/platform/document-store';
import { type EventBus, eventHandlerOf } from '@cn/platform/event-bus';
import { type EventStore, type RecordedEvent, createSqliteEventStore } from '@cn/platform/event-store';
import type { PersonalDataCipher } from '@cn/platform/personal-data';
import type { ProjectedDocument, Projection } from './projection';
import type { DocumentChange } from './projection-runner';
import { WAIT_FOLLOWS_AT_MOST, createDocumentProjector, createProjector } from './projection-runner';
import { jest } from '@jest/globals';

interface MemberDoc extends ProjectedDocument {
  name: string;
  renames: number;
}

/** a small read model: one document per member, renamed counts, removed deletes */
const members: Projection<MemberDoc> = {
  name: 'members',
  version: 1,
  eventTypes: ['Joined', 'Renamed', 'Left'],
  documentIds: (event) => [(event.data as { memberId: string }).memberId],
  evolve: (doc, event, id) => {
    const data = event.data as { name?: string };
    switch (event.type) {
      case 'Joined':
        return { _id: id, name: data.name ?? '', renames: 0 };
      case 'Renamed':
        return doc ? { ...doc, name: data.name ?? '', renames: doc.renames + 1 } : null;
      case 'Left':
        return null;
      default:
        return doc;
    }
  },
};

describe('document projector', () => {
  let temp: ReturnType<typeof createTempDir>;
  let eventStore: EventStore;
  let bus: EventBus;
  let documentStore: DocumentStore;
  let stores: EmbeddedStores;
  let cipher: PersonalDataCipher;
  let changes: DocumentChange[];

  const projector = () =>
    createDocumentProjector({
      name: 'members-projector',
      projections: [members],
      bus,
      eventStore,
      documentStore,
      cipher,
      onChange: (change) => changes.push(change),
    });
  const docs = () => documentStore.collection<MemberDoc>('members_v1');
  const append = async (memberId: string, type: string, data: object): Promise<number> => {
    const current = await eventStore.readStream(`member-${memberId}`);
    const result = await eventStore.append(`member-${memberId}`, [newTestEvent(type, { memberId, ...data })], {
      expectedRevision: current.length === 0 ? 'no_stream' : current.length - 1,
    });
    return result.position;
  };

  beforeEach(() => {
    temp = createTempDir('cn-projector');
    stores = openEmbeddedStores(temp.dir);
    ({ eventStore, bus, documentStore, cipher } = stores);
    changes = [];
  });
  afterEach(async () => {
    await stores.close();
    temp.remove();
  });

  it('builds documents with _position, reveals personal data, deletes on null, stores the checkpoint', async () => {
    const running = projector();
    await running.start();
    await append('m1', 'Joined', { name: await cipher.encrypt('m1', 'Ada') });
    await append('m2', 'Joined', { name: 'Bob' });
    const renamed = await append('m1', 'Renamed', { name: await cipher.encrypt('m1', 'Ada L') });
    const left = await append('m2', 'Left', {});
    await append('m3', 'Unrelated', {});
    expect(await running.waitFor(left, 3000)).toBe(true);

    expect(await docs().get('m1')).toEqual({ _id: 'm1', name: 'Ada L', renames: 1, _position: renamed });
    expect(await docs().get('m2')).toBeNull();
    const head = await eventStore.headPosition();
    await running.waitFor(head, 3000);
    expect(running.position()).toBe(head);
    await eventually(async () => (await documentStore.collection<{ _id: string; position: number }>('_checkpoints').get('members-projector/members_v1'))?.position === head);
    expect(changes.map((change) => [change.id, change.doc?.name ?? null])).toEqual([
      ['m1', 'Ada'],
      ['m2', 'Bob'],
      ['m1', 'Ada L'],
      ['m2', null],
    ]);
    await running.stop();
  });

  it("tells a document one event makes whole (a chat message) before it is written, the others only after their write", async () => {
    const notes: Projection<ProjectedDocument & { text: string }> = {
      name: 'notes',
      version: 1,
      eventTypes: ['NoteWritten'],
      documentIds: (event) => [event.id],
      evolve: (doc, event, id) => doc ?? { _id: id, text: (event.data as { text: string }).text },
      wholeFromOneEvent: true,
    };
    let hold: Promise<void> | null = null;
    let release: () => void = () => undefined;
    const held: DocumentStore = {
      ...documentStore,
      collection: (name) => documentStore.collection(name),
      writeAll: async (writes) => {
        if (hold) await hold;
        await documentStore.writeAll(writes);
      },
    };
    const running = createDocumentProjector({ name: 'notes-projector', projections: [notes, members], bus, eventStore, documentStore: held, cipher, onChange: (change) => changes.push(change) });
    await running.start();
    try {
      expect(await running.waitFor(await append('m1', 'Joined', { name: 'Ada' }), 3000)).toBe(true);
      changes.length = 0;
      hold = new Promise<void>((resolve) => {
        release = resolve;
      });
      const note = newTestEvent('NoteWritten', { memberId: 'm1', text: 'hello' });
      const { position } = await eventStore.append('member-m1', [note, newTestEvent('Renamed', { memberId: 'm1', name: 'Ada L' })], { expectedRevision: 'any' });
      await eventually(() => changes.some((change) => change.collection === 'notes_v1'));
      expect(changes).toEqual([expect.objectContaining({ collection: 'notes_v1', id: note.id, doc: expect.objectContaining({ _id: note.id, text: 'hello', _position: position - 1 }) })]);
      expect(await documentStore.collection('notes_v1').get(note.id)).toBeNull();
      release();
      expect(await running.waitFor(position, 3000)).toBe(true);
      await eventually(() => changes.some((change) => change.collection === 'members_v1'));
      expect(changes.map((change) => [change.collection, change.id])).toEqual([
        ['notes_v1', note.id],
        ['members_v1', 'm1'],
      ]);
      expect(await documentStore.collection('notes_v1').get(note.id)).toMatchObject({ text: 'hello' });
    } finally {
      release();
      await running.stop();
    }
  });

  it('writes every live event even when reading a document waits for I/O (a networked store), and acknowledges only what is written', async () => {
    // a store whose reads answer after a real wait, as MongoDB's do: the turn must wait for its applies
    const slow: DocumentStore = {
      ...documentStore,
      collection: <T extends ProjectedDocument>(name: string) => {
        const inner = documentStore.collection<T>(name);
        return { ...inner, get: (id: string) => new Promise<T | null>((resolve) => setTimeout(() => void inner.get(id).then(resolve), 5)) };
      },
    } as DocumentStore;
    const acknowledged: number[] = [];
    const counting: EventBus = {
      ...bus,
      consume: (options) => {
        const handler = eventHandlerOf(options);
        return bus.consume({ groupId: options.groupId, onError: options.onError, handler: async (event) => {
          await handler(event);
          acknowledged.push(event.position);
        } });
      },
    };
    const running = createDocumentProjector({ name: 'members-projector', projections: [members], bus: counting, eventStore, documentStore: slow, cipher });
    await running.start();
    await append('m1', 'Joined', { name: 'Ada' });
    await append('m2', 'Joined', { name: 'Bob' });
    const last = await append('m1', 'Renamed', { name: 'Ada L' });
    expect(await running.waitFor(last, 3000)).toBe(true);
    expect((await docs().get('m1'))?.name).toBe('Ada L');
    expect((await docs().get('m2'))?.name).toBe('Bob');
    // each delivery was acknowledged after its documents were written
    for (const position of acknowledged) expect(running.position()).toBeGreaterThanOrEqual(position);
    await running.stop();
  });

  it('shows the fallback name after the member key is destroyed, on rebuild', async () => {
    await append('m1', 'Joined', { name: await cipher.encrypt('m1', 'Ada') });
    const running = projector();
    await running.start();
    expect(await running.waitFor(await eventStore.headPosition(), 3000)).toBe(true);
    expect((await docs().get('m1'))?.name).toBe('Ada');
    await stores.keyStore.destroy('m1');
    await running.rebuild(eventStore);
    expect((await docs().get('m1'))?.name).toBe('deleted_member');
    await running.stop();
  });

  it('reveals the documents of a read model that asks (revealOnWrite) once per document per batch, its evolve seeing the values sealed', async () => {
    const seen: string[] = [];
    const sealedNames: Projection<MemberDoc> = {
      ...members,
      name: 'sealed_names',
      revealOnWrite: true,
      evolve: (doc, event, id) => {
        const name = (event.data as { name?: unknown }).name;
        seen.push(typeof name);
        if (event.type === 'Joined') return { _id: id, name: name as string, renames: 0 };
        return doc && event.type === 'Renamed' ? { ...doc, name: name as string, renames: doc.renames + 1 } : doc;
      },
    };
    let reveals = 0;
    const counting: PersonalDataCipher = { ...cipher, reveal: (data, keys) => (reveals++, cipher.reveal(data, keys)) };
    await append('m1', 'Joined', { name: await cipher.encrypt('m1', 'Ada') });
    for (let i = 1; i <= 3; i++) await append('m1', 'Renamed', { name: await cipher.encrypt('m1', `Ada ${i}`) });
    const sealedDocs = () => documentStore.collection<MemberDoc>('sealed_names_v1');
    const running = createDocumentProjector({ name: 'sealed', projections: [sealedNames], bus, eventStore, documentStore, cipher: counting, onChange: (change) => changes.push(change) });
    await running.start();
    // the catch-up replayed four events in one batch: every one seen sealed, the document revealed once
    expect(seen).toEqual(['object', 'object', 'object', 'object']);
    expect(reveals).toBe(1);
    expect(await sealedDocs().get('m1')).toMatchObject({ name: 'Ada 3', renames: 3 });
    // a replay tells each document once, as written (revealed)
    expect(changes.map((change) => [change.id, change.doc?.name])).toEqual([['m1', 'Ada 3']]);
    // live: the change told is revealed too
    const live = await append('m1', 'Renamed', { name: await cipher.encrypt('m1', 'Ada L') });
    expect(await running.waitFor(live, 3000)).toBe(true);
    await eventually(() => changes.length === 2);
    expect(changes[1].doc?.name).toBe('Ada L');
    expect(await sealedDocs().get('m1')).toMatchObject({ name: 'Ada L', renames: 4, _position: live });
    // an erased member's key gone: the rebuilt document shows the fallback
    await stores.keyStore.destroy('m1');
    await running.rebuild(eventStore);
    expect((await sealedDocs().get('m1'))?.name).toBe('deleted_member');
    await running.stop();
  });

  it('resumes from its checkpoint and skips documents that already carry a newer position', async () => {
    await append('m1', 'Joined', { name: 'Ada' });
    const first = projector();
    await first.start();
    const renamed = await append('m1', 'Renamed', { name: 'Ada L' });
    expect(await first.waitFor(renamed, 3000)).toBe(true);
    await first.stop();

    // the bus forgets the group, as after a lost offset: every event is delivered again
    await bus.resetGroup('members-projector');
    const second = projector();
    await second.start();
    expect(second.position()).toBe(renamed);
    const again = await append('m1', 'Renamed', { name: 'Ada Lovelace' });
    expect(await second.waitFor(again, 3000)).toBe(true);
    expect(await docs().get('m1')).toEqual({ _id: 'm1', name: 'Ada Lovelace', renames: 2, _position: again });
    await second.stop();
  });

  it('starting on an empty read model that another process fills meanwhile, reads the batch again and writes every document once', async () => {
    const joined = await append('m1', 'Joined', { name: 'Ada' });
    await append('m2', 'Joined', { name: 'Grace' });
    const renamed = await append('m2', 'Renamed', { name: 'Grace Hopper' });
    // the other process projects m1 while this one reads its first batch (it took the empty collection for its own)
    let first = true;
    const racing: EventStore = {
      ...eventStore,
      readAll: async (options) => {
        const read = await eventStore.readAll(options);
        if (first) {
          first = false;
          await docs().upsert({ _id: 'm1', name: 'Ada', renames: 0, _position: joined });
        }
        return read;
      },
    };
    const running = createDocumentProjector({ name: 'members-projector', projections: [members], bus, eventStore: racing, documentStore, cipher });
    await running.start();
    expect(await docs().get('m1')).toEqual({ _id: 'm1', name: 'Ada', renames: 0, _position: joined });
    expect(await docs().get('m2')).toEqual({ _id: 'm2', name: 'Grace Hopper', renames: 1, _position: renamed });
    expect(running.position()).toBe(renamed);
    await running.stop();
  });

  describe('a read model with a document per event (documentPerEvent, the audit)', () => {
    interface EntryDoc extends ProjectedDocument {
      type: string;
      member: string;
    }
    const entries: Projection<EntryDoc> = {
      name: 'entries',
      version: 1,
      eventTypes: ['Joined', 'Renamed', 'Left'],
      documentIds: (event) => [event.id],
      evolve: (_doc, event, id) => ({ _id: id, type: event.type, member: (event.data as { memberId: string }).memberId }),
      evolvesNew: true,
      documentPerEvent: true,
    };
    /** the document store with the entries' lookups counted */
    const counting = (): { store: DocumentStore; lookups: () => number } => {
      let lookups = 0;
      const store: DocumentStore = Object.create(documentStore) as DocumentStore;
      store.collection = ((name: string, options?: object) => {
        const collection = documentStore.collection(name, options);
        if (name !== 'entries_v1') return collection;
        const counted = Object.create(collection) as typeof collection;
        counted.get = (id: string) => ((lookups += 1), collection.get(id));
        return counted;
      }) as DocumentStore['collection'];
      return { store, lookups: () => lookups };
    };
    const entriesProjector = (store: DocumentStore, events: EventStore = eventStore) =>
      createDocumentProjector({ name: 'entries-projector', projections: [entries], bus, eventStore: events, documentStore: store, cipher });
    const entryDocs = () => documentStore.collection<EntryDoc>('entries_v1');

    it('catches up past its checkpoint inserting the new documents without looking any up, and follows the bus from there', async () => {
      await append('m1', 'Joined', { name: 'Ada' });
      const first = entriesProjector(documentStore);
      await first.start();
      await first.stop();
      // grown while stopped
      for (let i = 0; i < 4; i += 1) await append('m1', 'Renamed', { name: `Ada ${i}` });
      await append('m2', 'Joined', { name: 'Grace' });
      const { store, lookups } = counting();
      const second = entriesProjector(store);
      await second.start();
      const events = await eventStore.readAll({ after: 0 });
      expect(second.position()).toBe(events[events.length - 1]?.position);
      expect(await entryDocs().count()).toBe(6);
      for (const event of events) expect(await entryDocs().get(event.id)).toEqual({ _id: event.id, type: event.type, member: (event.data as { memberId: string }).memberId, _position: event.position });
      expect(lookups()).toBe(0);
      const left = await append('m2', 'Left', {});
      expect(await second.waitFor(left, 3000)).toBe(true);
      expect(await entryDocs().count()).toBe(7);
      await second.stop();
    });

    it('when another process wrote one of the documents meanwhile, reads the batch again and writes every document once', async () => {
      await append('m1', 'Joined', { name: 'Ada' });
      const first = entriesProjector(documentStore);
      await first.start();
      await first.stop();
      await append('m1', 'Renamed', { name: 'Ada L' });
      const renamed = (await eventStore.readAll({ after: 0 })).find((event) => event.type === 'Renamed');
      await append('m2', 'Joined', { name: 'Grace' });
      // the other process projects the rename while this one reads its batch
      let raced = false;
      const racing: EventStore = {
        ...eventStore,
        readAll: async (options) => {
          const read = await eventStore.readAll(options);
          if (!raced && renamed) {
            raced = true;
            await entryDocs().upsert({ _id: renamed.id, type: 'Renamed', member: 'm1', _position: renamed.position });
          }
          return read;
        },
      };
      const second = entriesProjector(documentStore, racing);
      await second.start();
      const events = await eventStore.readAll({ after: 0 });
      expect(await entryDocs().count()).toBe(3);
      for (const event of events) expect(await entryDocs().get(event.id)).toMatchObject({ type: event.type, _position: event.position });
      expect(second.position()).toBe(events[events.length - 1]?.position);
      await second.stop();
    });
  });

  it('catches up on the types of its read models alone, and moves their checkpoints past the other events to the head', async () => {
    await append('m1', 'Joined', { name: 'Ada' });
    const first = projector();
    await first.start();
    await first.stop();
    // grown while stopped: the member renamed among many events of other types, the last ones of other types
    const asked: Array<readonly string[] | undefined> = [];
    const reading: EventStore = { ...eventStore, readAll: (options) => (asked.push(options?.types), eventStore.readAll(options)) };
    await append('m1', 'Renamed', { name: 'Ada L' });
    for (let i = 0; i < 5; i += 1) await append(`o${i}`, 'Unrelated', {});
    const renamed = await append('m1', 'Renamed', { name: 'Ada Lovelace' });
    for (let i = 0; i < 3; i += 1) await append(`p${i}`, 'Unrelated', {});
    const head = await eventStore.headPosition();
    const second = createDocumentProjector({ name: 'members-projector', projections: [members], bus, eventStore: reading, documentStore, cipher });
    await second.start();
    expect(asked[0] && [...asked[0]].sort()).toEqual(['Joined', 'Left', 'Renamed']);
    expect(second.position()).toBe(head);
    expect(await docs().get('m1')).toEqual({ _id: 'm1', name: 'Ada Lovelace', renames: 2, _position: renamed });
    expect((await documentStore.collection<{ _id: string; position: number }>('_checkpoints').get('members-projector/members_v1'))?.position).toBe(head);
    // and follows the bus from there
    const left = await append('m1', 'Left', {});
    expect(await second.waitFor(left, 3000)).toBe(true);
    expect(await docs().get('m1')).toBeNull();
    await second.stop();
  });

  it('rebuilds from the event store: clears, replays, resets the checkpoint to the head and continues', async () => {
    await append('m1', 'Joined', { name: 'Ada' });
    await append('m1', 'Renamed', { name: 'Ada L' });
    const running = projector();
    await running.start();
    await running.waitFor(await eventStore.headPosition(), 3000);
    await docs().upsert({ _id: 'stale', name: 'left over', renames: 0, _position: 1 });

    await running.rebuild(eventStore);
    const head = await eventStore.headPosition();
    expect(running.position()).toBe(head);
    expect(await docs().get('stale')).toBeNull();
    expect(await docs().get('m1')).toMatchObject({ name: 'Ada L', renames: 1 });

    const later = await append('m2', 'Joined', { name: 'Bob' });
    expect(await running.waitFor(later, 3000)).toBe(true);
    expect(await docs().get('m1')).toMatchObject({ renames: 1 });
    expect(await docs().count()).toBe(2);
    await running.stop();
  });
  describe('a checkpoint per read model', () => {
    /** a second read model that cannot apply a Renamed to 'Bad' until `broken.value` is false */
    const broken = { value: true };
    const names: Projection<MemberDoc> = {
      ...members,
      name: 'names',
      evolve: (doc, event, id) => {
        if (event.type === 'Renamed' && (event.data as { name?: string }).name === 'Bad' && broken.value) throw new Error('cannot project this');
        return members.evolve(doc, event, id);
      },
    };
    const both = () =>
      createDocumentProjector({ name: 'two-models', projections: [members, names], bus, eventStore, documentStore, cipher, retryDelayMs: 50 });

    it('lets the other read models go on when one fails on an event, and the failed one catch up once it can', async () => {
      broken.value = true;
      const running = both();
      await running.start();
      await append('m1', 'Joined', { name: 'Ada' });
      await append('m1', 'Renamed', { name: 'Bad' });
      const head = await append('m2', 'Joined', { name: 'Bob' });
      // members reaches the head; names stays before the bad event, and waiting does not hang on it
      await eventually(async () => (await docs().get('m2')) !== null);
      expect(await running.waitFor(head, 3000)).toBe(true);
      expect(running.readModels().find((model) => model.name === 'names')).toMatchObject({ failing: true });
      expect(await documentStore.collection<MemberDoc>('names_v1').get('m2')).toBeNull();

      broken.value = false;
      await eventually(async () => (await documentStore.collection<MemberDoc>('names_v1').get('m2')) !== null, 5000);
      expect(await documentStore.collection<MemberDoc>('names_v1').get('m1')).toMatchObject({ name: 'Bad', renames: 1 });
      expect(running.readModels().every((model) => !model.failing && model.position === head)).toBe(true);
      await running.stop();
    });

    it('rebuilds one read model alone, leaving the others\' documents and checkpoints', async () => {
      broken.value = false;
      await append('m1', 'Joined', { name: 'Ada' });
      const head = await append('m2', 'Joined', { name: 'Bob' });
      const running = both();
      await running.start();
      await running.waitFor(head, 3000);
      await running.stop();
      await docs().upsert({ _id: 'kept', name: 'only in members', renames: 0, _position: head });
      await documentStore.collection<MemberDoc>('names_v1').upsert({ _id: 'stale', name: 'left over', renames: 0, _position: 1 });
      const membersCheckpoint = await documentStore.collection('_checkpoints').get('two-models/members_v1');

      await running.rebuild(eventStore, ['names']);
      expect(await documentStore.collection<MemberDoc>('names_v1').get('stale')).toBeNull();
      expect(await documentStore.collection<MemberDoc>('names_v1').count()).toBe(2);
      expect(await docs().get('kept')).toMatchObject({ name: 'only in members' });
      expect(await documentStore.collection('_checkpoints').get('two-models/members_v1')).toEqual(membersCheckpoint);
      await expect(running.rebuild(eventStore, ['nothing-like-this'])).rejects.toThrow(/unknown read model/);
      await running.stop();
    });

    it('starts a new read model from the event store while the others keep their place', async () => {
      await append('m1', 'Joined', { name: 'Ada' });
      const first = createDocumentProjector({ name: 'growing', projections: [members], bus, eventStore, documentStore, cipher });
      await first.start();
      await first.waitFor(await eventStore.headPosition(), 3000);
      await first.stop();
      // a later version adds a read model: it has no checkpoint, so it replays the log from the start
      const grown = createDocumentProjector({ name: 'growing', projections: [members, { ...names, name: 'late' }], bus, eventStore, documentStore, cipher });
      await grown.start();
      expect(await documentStore.collection<MemberDoc>('late_v1').get('m1')).toMatchObject({ name: 'Ada' });
      await grown.stop();
    });
  });
});

describe('projector', () => {
  const fakeBus = (): EventBus & { deliver: (event: RecordedEvent) => Promise<void>; groups: string[] } => {
    let handler: ((event: RecordedEvent) => Promise<void>) | null = null;
    const groups: string[] = [];
    return {
      groups,
      deliver: (event) => handler?.(event) ?? Promise.resolve(),
      consume: (options) => {
        groups.push(options.groupId);
        handler = eventHandlerOf(options);
        const stop = (): Promise<void> => {
          handler = null;
          return Promise.resolve();
        };
        return Promise.resolve({ stop });
      },
      partitions: () => Promise.resolve(1),
      resetGroup: () => Promise.resolve(),
      close: () => Promise.resolve(),
    };
  };
  const event = (position: number): RecordedEvent => ({
    ...newTestEvent(),
    streamId: 's',
    revision: position - 1,
    position,
    recordedAt: new Date().toISOString(),
  });

  it('consumes its group, skips events at or before the checkpoint, and answers waitFor', async () => {
    const bus = fakeBus();
    let stored = 2;
    const handled: number[] = [];
    const projector = createProjector({
      name: 'p',
      bus,
      handle: (events) => {
        handled.push(...events.map((e) => e.position));
        return Promise.resolve();
      },
      checkpoint: {
        get: () => Promise.resolve(stored),
        set: (position) => {
          stored = position;
          return Promise.resolve();
        },
      },
    });
    await projector.start();
    expect(bus.groups).toEqual(['p']);
    expect(projector.position()).toBe(2);
    expect(await projector.waitFor(1, 10)).toBe(true);
    const waiting = projector.waitFor(4, 1000);
    const timingOut = projector.waitFor(10, 50);
    for (const position of [1, 2, 3, 4]) await bus.deliver(event(position));
    expect(await waiting).toBe(true);
    expect(await timingOut).toBe(false);
    expect(handled).toEqual([3, 4]);
    expect(stored).toBe(4);
  });

  it('waits for a position as long as the projector is getting on with it, not a fixed time; gives up on one that is stuck', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
    try {
      const bus = fakeBus();
      const releases: Array<() => void> = [];
      const projector = createProjector({
        name: 'p',
        bus,
        // each batch is slow (a Meilisearch task on a loaded server): it ends when the test releases it
        handle: () => new Promise<void>((resolve) => releases.push(resolve)),
        checkpoint: { get: () => Promise.resolve(0), set: () => Promise.resolve() },
      });
      await projector.start();
      const outcome = (waiting: Promise<boolean>) => {
        const seen: { reached?: boolean } = {};
        void waiting.then((reached) => (seen.reached = reached));
        return seen;
      };
      const delivered = bus.deliver(event(1));
      const applying = outcome(projector.waitFor(1, 100));
      // four times its timeout, the batch still being applied: the wait goes on
      await jest.advanceTimersByTimeAsync(400);
      expect(applying.reached).toBeUndefined();
      releases[0]();
      await delivered;
      await jest.advanceTimersByTimeAsync(0);
      expect(applying.reached).toBe(true);
      // idle (nothing delivered): it gives up after its timeout
      const idle = outcome(projector.waitFor(2, 100));
      await jest.advanceTimersByTimeAsync(100);
      expect(idle.reached).toBe(false);
      // a batch that never ends: given up after WAIT_FOLLOWS_AT_MOST times the timeout
      void bus.deliver(event(2));
      const stuck = outcome(projector.waitFor(2, 100));
      await jest.advanceTimersByTimeAsync(100 * WAIT_FOLLOWS_AT_MOST - 50);
      expect(stuck.reached).toBeUndefined();
      await jest.advanceTimersByTimeAsync(300);
      expect(stuck.reached).toBe(false);
    } finally {
      jest.useRealTimers();
    }
  });

  it('does not move past a failing event', async () => {
    const bus = fakeBus();
    const projector = createProjector({
      name: 'p',
      bus,
      handle: () => Promise.reject(new Error('broken')),
      checkpoint: { get: () => Promise.resolve(0), set: () => Promise.resolve() },
    });
    await projector.start();
    await expect(bus.deliver(event(1))).rejects.toThrow('broken');
    expect(projector.position()).toBe(0);
  });

  it('catches up from the event store in batches before following the bus, one checkpoint per batch', async () => {
    const dir = createTempDir('cn-catch-up');
    const eventStore = createSqliteEventStore({ path: join(dir.dir, 'events.sqlite') });
    try {
      for (let i = 0; i < 7; i += 1) await eventStore.append(`s-${i}`, [newTestEvent()], { expectedRevision: 'no_stream' });
      const bus = fakeBus();
      let stored = 2;
      const checkpoints: number[] = [];
      const batches: number[][] = [];
      const projector = createProjector({
        name: 'p',
        bus,
        eventStore,
        batchSize: 2,
        handle: (events) => {
          batches.push(events.map((e) => e.position));
          return Promise.resolve();
        },
        checkpoint: {
          get: () => Promise.resolve(stored),
          set: (position) => {
            stored = position;
            checkpoints.push(position);
            return Promise.resolve();
          },
        },
      });
      await projector.start();
      // started means caught up: the 5 events after the checkpoint applied in batches of 2
      expect(batches).toEqual([[3, 4], [5, 6], [7]]);
      expect(checkpoints).toEqual([4, 6, 7]);
      expect(projector.position()).toBe(7);
      expect(bus.groups).toEqual(['p']);
      // the bus's redelivery of what the catch-up applied is skipped; a new event is applied
      await bus.deliver(event(7));
      await bus.deliver(event(8));
      expect(batches).toEqual([[3, 4], [5, 6], [7], [8]]);
      await projector.stop();
    } finally {
      await eventStore.close();
      dir.remove();
    }
  });
});
