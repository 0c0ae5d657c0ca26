import { randomUUID } from 'node:crypto';
import { createInfrastructure, loadConfig, type Document, type Infrastructure, type SearchDocument } from '@cn/platform';
import { createPartitionedTestBus, createTempDir, eventually, meilisearchTestRun, partitionOfStream, type PartitionedTestBus } from '@cn/platform/testing';
import { SEARCH_INDEX_SWITCH_HISTORY_COLLECTION, type SearchIndexSwitchDto } from '@cn/contracts';
import type { RecordedEvent } from '@cn/domain';
import { sourceCollectionName, type SourceDocument } from '../core/buffered-indexes';
import { searchIndexDefinition, type SearchFeature } from '../core/search-feature';
import type { SearchIndexerRuntime } from '../core/search-core';
import { createIndexSwitch, INDEX_SWITCHES_COLLECTION } from '../core/index-switch';
import { createSearchRuntime } from '../search-runtime';

/**
 * A search feature's indexes rebuilt blue/green on a bus with three partitions, shared by two search indexer
 * replicas (one holding partitions 0 and 1, the other partition 2) on one document store and one search
 * index, as on Kafka with Meilisearch (issue 16): events written on every partition while the rebuild runs
 * are each in the new index exactly once after the switch, and searches answer throughout. The search index
 * is the embedded one, or the Meilisearch server named by MEILI_URL (key MEILI_KEY) when set.
 */
// on a loaded Meilisearch each build costs a few index tasks (create, settings, rename, swap, delete): the first case takes 40 s there
jest.setTimeout(120_000);

const PARTITIONS = 3;
const STREAMS = 60;
const EVENTS_PER_STREAM = 10;

/** one document per stream: every position the index applied to it, so a lost or doubled event shows */
interface Tally extends SearchDocument {
  text: string;
  positions: number[];
}
/** a pause injected in the middle of a batch, between reading a tally and writing it (null: none) */
let pauseHook: ((event: RecordedEvent) => Promise<void>) | null = null;
/** runs once, right after the owner's next swap of an index (throwing there: the owner fails mid-switch) */
let afterSwap: (() => Promise<void>) | null = null;
/** runs once, right before the owner's next swap */
let beforeSwap: (() => Promise<void>) | null = null;
/** runs once, right after the owner renamed the build's copies over the live ones (before recording it) */
let afterCopiesRenamed: (() => Promise<void>) | null = null;
let ownerSwaps = 0;
let ownerMuted = false;
const ownerSaid = new Set<string>();
/** how far short of the head the owner's rebuild passes stop */
let headLag = 0;
/** the replay reads of the other replica (a taker), while recorded */
let otherReads: Array<{ after: number; positions: number[] }> | null = null;
const REBUILD_BATCH = 100;
/** Meilisearch is a server other runs share: each run's indexes have names of their own, deleted at the end */
const meilisearch = meilisearchTestRun('partitioned-rebuild');
const TALLIES = searchIndexDefinition<Tally>(`bluegreen_tallies_${randomUUID().replace(/-/g, '')}`, { searchableAttributes: ['text'], filterableAttributes: [] });
/** in the owner's indexing only: may stall it, and answers positions its stale document then carries */
let ownerHook: ((event: RecordedEvent) => Promise<number[]>) | null = null;
/** in the other replica's, or a third (never started) replica's indexing: may stall it */
const stallHooks = new Map<'other' | 'ghost', (event: RecordedEvent) => Promise<void>>();
const talliesOf = (replica: 'owner' | 'other' | 'ghost'): SearchFeature => ({
  name: 'tallies',
  indexing: async (open) => {
    const tallies = await open(TALLIES);
    return {
      eventTypes: ['TallyNoted'],
      handle: async (event) => {
        const current = await tallies.get(event.streamId);
        await pauseHook?.(event);
        if (replica !== 'owner') await stallHooks.get(replica)?.(event);
        const stale = replica === 'owner' && ownerHook ? await ownerHook(event) : [];
        await tallies.upsert([{ id: event.streamId, text: 'tally', positions: [...stale, ...(current?.positions ?? []), event.position] }]);
      },
    };
  },
});

/** a one-time signal: `opened` resolves once `open` is called */
const latch = (): { open: () => void; opened: Promise<void> } => {
  let open = (): void => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
};

/**
 * A replica's own connection to the document store whose alive signal (its upserts of the switch's
 * documents) can be stopped, as if it died or its event loop froze; `said` collects what it signalled.
 */
const aliveSignalMutable = (infra: Infrastructure, muted: () => boolean, said: Set<string>): Infrastructure['documentStore'] => ({
  ...infra.documentStore,
  collection: <T extends Document>(name: string) => {
    const collection = infra.documentStore.collection<T>(name);
    if (name === sourceCollectionName(TALLIES.name)) {
      return {
        ...collection,
        replaceWith: async (...args: Parameters<typeof collection.replaceWith>) => {
          await collection.replaceWith(...args);
          const hook = afterCopiesRenamed;
          afterCopiesRenamed = null;
          await hook?.();
        },
      };
    }
    if (name !== INDEX_SWITCHES_COLLECTION) return collection;
    return {
      ...collection,
      upsert: async (doc: T) => {
        if (muted()) return;
        said.add(doc._id);
        await collection.upsert(doc);
      },
    };
  },
});

describe('blue/green search rebuild on a partitioned bus with two replicas', () => {
  let temp: ReturnType<typeof createTempDir>;
  let infra: Infrastructure;
  let bus: PartitionedTestBus;
  let owner: SearchIndexerRuntime;
  let other: SearchIndexerRuntime;
  /** a third replica that only rebuilds (never started: it never says it is alive, as one that died) */
  let ghost: SearchIndexerRuntime;
  const streams = Array.from({ length: STREAMS }, (_, index) => `tally-${index}`);
  /** every position appended, per stream */
  const appended = new Map<string, number[]>(streams.map((stream) => [stream, []]));

  const note = async (stream: string): Promise<number> => {
    const { position } = await infra.eventStore.append(
      stream,
      [{ id: randomUUID(), type: 'TallyNoted', data: {}, metadata: { memberId: null, occurredAt: new Date().toISOString(), correlationId: randomUUID(), causationId: randomUUID(), schemaVersion: 1 } }],
      { expectedRevision: 'any' },
    );
    appended.get(stream)?.push(position);
    return position;
  };
  const switchNow = async () =>
    (await infra.documentStore.collection(INDEX_SWITCHES_COLLECTION).get('switch')) as (Document & { state: string; position: number; cut?: number; rebuild: string; owner: string; holders?: string[] }) | null;
  const tallyOf = async (stream: string): Promise<number[] | null> => (await (await infra.searchIndex.index<Tally>(TALLIES.name, TALLIES.settings)).get(stream))?.positions ?? null;
  /** every stream's document holds exactly the positions appended to it, each once */
  const allExactlyOnce = async (): Promise<boolean> => {
    // every document in one request (on Meilisearch, not one round trip per stream on each look)
    const all = await (await infra.searchIndex.index<Tally>(TALLIES.name, TALLIES.settings)).search({ q: '', limit: 10 * STREAMS });
    const byStream = new Map(all.hits.map((hit) => [hit.id, hit.positions]));
    for (const stream of streams) {
      const positions = byStream.get(stream) ?? null;
      expect(positions === null ? null : [...positions].sort((a, b) => a - b)).toEqual(appended.get(stream));
    }
    return true;
  };

  beforeAll(async () => {
    temp = createTempDir('cn-partitioned-rebuild');
    infra = await createInfrastructure(loadConfig({ DATA_DIR: temp.dir, SESSION_SECRET: 'partitioned-rebuild-secret-0123456789abcdef', LOG_LEVEL: 'error', ...meilisearch.env }), {
      service: 'partitioned-rebuild-test',
    });
    bus = createPartitionedTestBus(infra.eventStore, PARTITIONS);
    for (let round = 0; round < EVENTS_PER_STREAM; round += 1) for (const stream of streams) await note(stream);
    const switchOptions = { pollMs: 20, goneAfterMs: 5_000, rebuildBatch: REBUILD_BATCH };
    // a swap that, like Meilisearch's task, lets other work run before it takes place: events the replicas
    // applied to the old index meanwhile would be missing from the new one, were they not held
    const searchIndex = { ...infra.searchIndex, swapIndexes: async (name: string, other: string) => {
      for (let turn = 0; turn < 30; turn += 1) await new Promise((resolve) => setImmediate(resolve));
      const before = beforeSwap;
      beforeSwap = null;
      await before?.();
      await infra.searchIndex.swapIndexes(name, other);
      ownerSwaps += 1;
      const hook = afterSwap;
      afterSwap = null;
      await hook?.();
    } };
    // the owner's alive signal can be stopped (as if it died or its event loop froze) and its heads lag
    const ownerStore = aliveSignalMutable(infra, () => ownerMuted, ownerSaid);
    const ownerEvents = {
      ...infra.eventStore,
      headPosition: async () => {
        const head = await infra.eventStore.headPosition();
        const state = (await switchNow())?.state;
        // the rebuild's two passes before the hold stop short of the head: its replay to the cut has that much to do
        if (state === 'holding' || state === 'switching') return head;
        return head - headLag;
      },
    };
    const otherEvents = {
      ...infra.eventStore,
      readAll: async (options: { after: number; limit?: number }) => {
        const events = await infra.eventStore.readAll(options);
        if (otherReads) otherReads.push({ after: options.after, positions: events.map((event) => event.position) });
        return events;
      },
    };
    owner = createSearchRuntime({ ...infra, searchIndex, documentStore: ownerStore, eventStore: ownerEvents, bus: bus.replica([0, 1]) }, [talliesOf('owner')], switchOptions);
    other = createSearchRuntime({ ...infra, eventStore: otherEvents, bus: bus.replica([2]) }, [talliesOf('other')], switchOptions);
    ghost = createSearchRuntime({ ...infra, bus: bus.replica([]) }, [talliesOf('ghost')], switchOptions);
    // one after the other: each catches up from the shared checkpoint, then follows its own partitions
    await owner.start();
    await other.start();
  });

  afterAll(async () => {
    await other.stop();
    await owner.stop();
    await bus.close();
    await infra.close();
    temp.remove();
    await meilisearch.removeIndexes();
  });

  it('puts every event written on every partition during the rebuild in the new index exactly once', async () => {
    expect(new Set(streams.map((stream) => partitionOfStream(stream, PARTITIONS))).size).toBe(PARTITIONS);
    // live, both replicas apply their partitions' events
    await note(streams[0]);
    await note(streams[STREAMS - 1]);
    await eventually(allExactlyOnce, 20_000);
    // a document only the live index holds: gone once the rebuilt index is switched in
    const live = await infra.searchIndex.index<Tally>(TALLIES.name, TALLIES.settings);
    await live.upsert([{ id: 'stray', text: 'tally', positions: [] }]);

    const before = await infra.eventStore.headPosition();
    let rebuilt = false;
    const progress: number[] = [];
    const rebuilding = owner.rebuildFeature('tallies', (position) => progress.push(position)).finally(() => {
      rebuilt = true;
    });
    // commands go on meanwhile, on every stream (so on every partition), and searches keep being answered
    const writtenDuring: number[] = [];
    const writing = (async () => {
      for (let index = 0; !rebuilt; index += 1) {
        const position = await note(streams[index % STREAMS]);
        if (!rebuilt) writtenDuring.push(partitionOfStream(streams[index % STREAMS], PARTITIONS));
        expect(position).toBeGreaterThan(before);
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const answersDuring: number[] = [];
    const searching = (async () => {
      while (!rebuilt) {
        const answer = await live.search({ q: 'tally', limit: 1 });
        if (!rebuilt) answersDuring.push(answer.total);
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const switchedAt = await rebuilding;
    await Promise.all([writing, searching]);

    expect(switchedAt).toBeGreaterThan(before);
    expect(progress[progress.length - 1]).toBe(switchedAt);
    expect(new Set(writtenDuring)).toEqual(new Set([0, 1, 2]));
    expect(answersDuring.length).toBeGreaterThan(0);
    // the live index answered in full throughout: the old index (every stream's document and the stray one)
    // until the swap, then the new one (the switch's work after the swap, a task round-trip each on
    // Meilisearch, may still run), never fewer and never back
    const swappedAt = answersDuring.indexOf(STREAMS);
    const beforeSwap = swappedAt === -1 ? answersDuring : answersDuring.slice(0, swappedAt);
    expect(beforeSwap.every((total) => total === STREAMS + 1)).toBe(true);
    expect(answersDuring.slice(beforeSwap.length).every((total) => total === STREAMS)).toBe(true);

    // after the switch each replica goes on with its partitions on the new index
    for (const stream of streams) await note(stream);
    await eventually(allExactlyOnce, 20_000);
    expect(await live.get('stray')).toBeNull();
    expect((await live.search({ q: 'tally', limit: 1 })).total).toBe(STREAMS);
  });

  it('refuses the batch of a replica stalled mid-batch past the timeout: computed again after the switch, nothing lost, doubled or stale', async () => {
    const stalled = streams.find((stream) => partitionOfStream(stream, PARTITIONS) === 2) ?? '';
    // a position only the live copies hold (not the history): a batch computed on them carries it, so a
    // stale document landing in the new index shows
    const sources = infra.documentStore.collection<SourceDocument>(sourceCollectionName(TALLIES.name));
    const copy = (await sources.get(stalled))?.doc as Tally;
    await sources.upsert({ _id: stalled, doc: { ...copy, positions: [-1, ...copy.positions] } });
    const { open: reached, opened: paused } = latch();
    const { open: release, opened: released } = latch();
    let stalledOnce = false;
    pauseHook = async (event) => {
      if (event.streamId !== stalled || stalledOnce) return;
      stalledOnce = true;
      reached();
      await released;
    };
    try {
      const position = await note(stalled);
      // the replica holding partition 2 read the old copy and stalls before committing its batch
      await paused;
      // it cannot hold while its batch runs: the rebuild goes on without it once it is not seen for goneAfterMs
      const switchedAt = await owner.rebuildFeature('tallies');
      expect(switchedAt).toBeGreaterThanOrEqual(position);
      // events after the switch on every partition; the stalled replica's wait behind its batch
      for (const stream of streams) await note(stream);
      release();
      // its batch is refused by the fence and computed again past the switch: every event once, no stale -1
      await eventually(allExactlyOnce, 20_000);
      expect(await tallyOf(stalled)).not.toContain(-1);
      const switches = await infra.documentStore.collection<Document & SearchIndexSwitchDto>(SEARCH_INDEX_SWITCH_HISTORY_COLLECTION).find({ feature: 'tallies' });
      const last = switches.find((entry) => entry.position === switchedAt);
      expect(last).toMatchObject({ outcome: 'switched', indexes: [{ live: TALLIES.name, rebuilt: expect.stringMatching(new RegExp(`^${TALLIES.name}__b[a-z0-9]+$`)) }], error: null });
      expect(last?.events_replayed).toBeGreaterThanOrEqual(switchedAt);
      // the first test's switch is kept too: the history has every switch, not only the last
      expect(switches.filter((entry) => entry.outcome === 'switched').length).toBe(2);
    } finally {
      pauseHook = null;
      release();
    }
  });

  const streamOn = (partition: number): string => streams.find((stream) => partitionOfStream(stream, PARTITIONS) === partition) ?? '';

  it('hands a switch whose owner failed after swapping to a replica, which finishes it at the recorded cut', async () => {
    afterSwap = async () => {
      // every replica holds: these come after the cut
      for (let partition = 0; partition < PARTITIONS; partition += 1) await note(streamOn(partition));
      throw new Error('the owner failed after the swap');
    };
    otherReads = [];
    await expect(owner.rebuildFeature('tallies')).rejects.toThrow('the owner failed after the swap');
    await eventually(async () => (await switchNow())?.state === 'switched', 20_000);
    const switched = await switchNow();
    expect(switched?.position).toBe(switched?.cut);
    // the owner's swap was found done (the live index holds its build), completed and not done again; its
    // replay had reached the cut, so the taker replayed nothing
    expect(await infra.searchIndex.labelOf(TALLIES.name)).toBe(switched?.holders?.[0]);
    expect(otherReads.flatMap((read) => read.positions)).toEqual([]);
    otherReads = null;
    for (const stream of streams) await note(stream);
    await eventually(allExactlyOnce, 20_000);
    const entry = await infra.documentStore.collection<Document & SearchIndexSwitchDto>(SEARCH_INDEX_SWITCH_HISTORY_COLLECTION).get(switched?.rebuild ?? '');
    expect([entry?.outcome, entry?.position]).toEqual(['switched', switched?.cut]);
  });

  it('finishes at the recorded cut the switch of an owner that died mid-swap: the replicas resume with every event once', async () => {
    // the dying owner's own connection: once dead, it no longer says it is alive
    let dead = false;
    const said = new Set<string>();
    const dyingStore = aliveSignalMutable(infra, () => dead, said);
    const dying = createIndexSwitch({ documentStore: dyingStore, pollMs: 20 });
    await dying.start();
    let cleanUp = (): void => undefined;
    const never = new Promise<number>((_, reject) => {
      cleanUp = () => reject(new Error('the dead owner is cleaned up'));
    });
    const died = dying.switchOver('tallies', 'deadbuild', async (turn) => {
      // held by every replica: events up to the cut that no replica applies live
      for (let partition = 0; partition < PARTITIONS; partition += 1) await note(streamOn(partition));
      await turn.recordCut(await infra.eventStore.headPosition());
      // it claims the swap and dies before building anything, its alive signal stopped: no usable progress,
      // so the taker builds from nothing
      await turn.claimSwap();
      dead = true;
      for (const id of said) await infra.documentStore.collection(INDEX_SWITCHES_COLLECTION).delete(id);
      return never;
    });
    await eventually(async () => (await switchNow())?.state === 'switched', 20_000);
    const switched = await switchNow();
    expect(switched?.position).toBe(switched?.cut);
    for (const stream of streams) await note(stream);
    await eventually(allExactlyOnce, 20_000);
    cleanUp();
    await expect(died).rejects.toThrow('the dead owner is cleaned up');
    await dying.stop();
  });

  /** the owner's alive signal stops and its replica document goes: the other replica takes its switch over */
  const ownerDies = async (): Promise<void> => {
    ownerMuted = true;
    for (const id of ownerSaid) await infra.documentStore.collection(INDEX_SWITCHES_COLLECTION).delete(id);
  };
  const switchedBy = async (rebuild: string | undefined) => {
    await eventually(async () => {
      const now = await switchNow();
      return now?.rebuild === rebuild && now?.state === 'switched';
    }, 30_000);
    return (await switchNow()) as NonNullable<Awaited<ReturnType<typeof switchNow>>>;
  };

  it('never lets an owner stalled between claiming its swap and swapping swap late: the taker moved its build, inspected the live index and swapped', async () => {
    otherReads = [];
    let claimed: Awaited<ReturnType<typeof switchNow>> = null;
    beforeSwap = async () => {
      // the owner claimed the swap and stalls (its alive signal stopped) until the taker took the switch over
      // and moved the owner's build away: its swap comes late, possibly before the taker's own
      claimed = await switchNow();
      await ownerDies();
      await eventually(async () => (await switchNow())?.holders?.length === 2, 30_000);
      await eventually(async () => (await infra.searchIndex.labelOf(`${TALLIES.name}__b${claimed?.holders?.[0] ?? ''}`)) === undefined, 30_000);
    };
    const swapsBefore = ownerSwaps;
    try {
      await expect(owner.rebuildFeature('tallies')).rejects.toThrow();
    } finally {
      ownerMuted = false;
      beforeSwap = null;
    }
    const takenOver = await switchedBy((claimed as Awaited<ReturnType<typeof switchNow>>)?.rebuild);
    // the stalled owner's late swap found no index under its build's name: it swapped nothing
    expect(ownerSwaps).toBe(swapsBefore);
    const switched = takenOver as Awaited<ReturnType<typeof switchedBy>> | null;
    expect(switched?.position).toBe(switched?.cut);
    const holders = switched?.holders ?? [];
    expect(holders.length).toBe(2);
    // the live index is the taker's; the owner had replayed to the cut: the taker replayed nothing
    expect(await infra.searchIndex.labelOf(TALLIES.name)).toBe(holders[1]);
    expect(otherReads.flatMap((read) => read.positions)).toEqual([]);
    for (const holder of holders) expect(await infra.searchIndex.labelOf(`${TALLIES.name}__b${holder}`)).toBeUndefined();
    otherReads = null;
    for (const stream of streams) await note(stream);
    await eventually(allExactlyOnce, 20_000);
  });

  it('resumes a dead owner\'s replay from its progress: the taker replays the rest only, and the stalled owner\'s late batch never shows', async () => {
    headLag = 3 * REBUILD_BATCH;
    let stalledAt = 0;
    let handled = 0;
    const { open: release, opened: released } = latch();
    const { open: stalled, opened: stalling } = latch();
    ownerHook = async (event) => {
      const now = await switchNow();
      if (now?.state !== 'switching' || now.cut === undefined) return [];
      handled += 1;
      // past its first batch of the replay to the cut (committed with its progress), the owner stalls
      if (handled <= REBUILD_BATCH + 10) return [];
      ownerHook = null;
      stalledAt = event.position;
      await ownerDies();
      stalled();
      await released;
      return [-2];
    };
    otherReads = [];
    const swapsBefore = ownerSwaps;
    const rebuilding = owner.rebuildFeature('tallies');
    let failure: unknown = null;
    try {
      await stalling;
      const taken = await switchedBy((await switchNow())?.rebuild);
      release();
      failure = await rebuilding.then(() => null, (error: unknown) => error);
      const cut = taken.cut ?? 0;
      const reads = otherReads.map((read) => ({ after: read.after, positions: read.positions.filter((position) => position <= cut) }));
      // the taker went on from the owner's progress (past its first batch of the replay to the cut, before
      // the stalled one) and replayed exactly the rest up to the cut, each event once
      const from = reads[0]?.after ?? 0;
      expect(from).toBeGreaterThanOrEqual(cut - headLag + REBUILD_BATCH);
      expect(from).toBeLessThan(stalledAt);
      const replayed = reads.flatMap((read) => read.positions);
      expect(replayed).toEqual(Array.from({ length: cut - from }, (_, at) => from + 1 + at));
      expect(await infra.searchIndex.labelOf(TALLIES.name)).toBe(taken.holders?.[1]);
      const entry = await infra.documentStore.collection<Document & SearchIndexSwitchDto>(SEARCH_INDEX_SWITCH_HISTORY_COLLECTION).get(taken.rebuild);
      expect([entry?.outcome, entry?.position]).toEqual(['switched', cut]);
    } finally {
      release();
      ownerHook = null;
      ownerMuted = false;
      headLag = 0;
      otherReads = null;
    }
    // the stalled owner's batch was refused and it never swapped
    expect(failure).toBeInstanceOf(Error);
    expect(ownerSwaps).toBe(swapsBefore);
    for (const stream of streams) await note(stream);
    await eventually(allExactlyOnce, 20_000);
    const all = await (await infra.searchIndex.index<Tally>(TALLIES.name, TALLIES.settings)).search({ q: 'tally', limit: 1000 });
    expect(all.hits.some((hit) => hit.positions.includes(-2))).toBe(false);
  });

  it('finishes the switch of an owner that died between renaming its copies over the live ones and recording it: the copies hold every event once', async () => {
    afterCopiesRenamed = async () => {
      await ownerDies();
      throw new Error('the owner died after renaming its copies');
    };
    try {
      await expect(owner.rebuildFeature('tallies')).rejects.toThrow('the owner died after renaming its copies');
      const rebuild = (await switchNow())?.rebuild;
      const switched = (await switchedBy(rebuild)) as Awaited<ReturnType<typeof switchedBy>> & { copied?: string[] };
      expect(switched.position).toBe(switched.cut);
      // the taker found the rename done (the build's copies gone) and recorded it, without renaming again
      expect(switched.copied).toEqual([TALLIES.name]);
    } finally {
      ownerMuted = false;
    }
    // the live copies are the build's: each next event is applied to the document as rebuilt
    for (const stream of streams) await note(stream);
    await eventually(allExactlyOnce, 20_000);
  });

  /** the tallies' indexes beside the live one (builds, and `__next` of the scheme before builds had names) */
  const buildIndexes = async (): Promise<string[]> => (await infra.searchIndex.listIndexes()).filter((name) => name.startsWith(`${TALLIES.name}__`)).sort();
  const buildRecords = () => infra.documentStore.collection<Document & { _id: string; position: number }>('_search_index_builds');
  /** stalls a replica's indexing (its rebuild's replay: nothing else runs there meanwhile) past its first batch */
  const stallPastFirstBatch = (replica: 'other' | 'ghost') => {
    const stalled = latch();
    const release = latch();
    let handled = 0;
    stallHooks.set(replica, async () => {
      handled += 1;
      if (handled !== REBUILD_BATCH + 10) return;
      stalled.open();
      await release.opened;
    });
    return { stalled: stalled.opened, release: release.open };
  };
  const newBuild = async (before: ReadonlySet<string>): Promise<string> => {
    const added = (await buildRecords().find({})).map((record) => record._id).filter((id) => !before.has(id));
    expect(added).toHaveLength(1);
    return added[0];
  };

  it('removes at the next switch what a rebuild whose owner died before its cut left behind, and an old __next index; a build under way stays and is switched in', async () => {
    // an index of the scheme before builds had names, with its copies
    const legacyName = `${TALLIES.name}__next`;
    await (await infra.searchIndex.index<Tally>(legacyName, TALLIES.settings)).upsert([{ id: 'legacy', text: 'tally', positions: [] }]);
    const legacyCopies = infra.documentStore.collection<SourceDocument>(sourceCollectionName(legacyName));
    await legacyCopies.upsert({ _id: 'legacy', doc: { id: 'legacy', text: 'tally', positions: [] } });
    const ghostStall = stallPastFirstBatch('ghost');
    const otherStall = stallPastFirstBatch('other');
    try {
      // a replica that never says it is alive (as one that died) stops in its rebuild's replay, before any
      // hold or cut: its first batch is in its index, its copies and its record
      const recordsBefore = new Set((await buildRecords().find({})).map((record) => record._id));
      const ghostRebuild = ghost.rebuildFeature('tallies').then(
        () => null,
        (error: unknown) => error,
      );
      await ghostStall.stalled;
      const ghostBuild = await newBuild(recordsBefore);
      const ghostIndex = `${TALLIES.name}__b${ghostBuild}`;
      const ghostCopies = infra.documentStore.collection<SourceDocument>(sourceCollectionName(ghostIndex));
      expect(await infra.searchIndex.labelOf(ghostIndex)).toBe(ghostBuild);
      expect((await ghostCopies.find({})).length).toBeGreaterThan(0);
      // a live replica's rebuild, under way (in its replay) while another replica switches
      const otherRebuild = other.rebuildFeature('tallies');
      await otherStall.stalled;
      const otherBuild = await newBuild(new Set([...recordsBefore, ghostBuild]));
      const otherIndex = `${TALLIES.name}__b${otherBuild}`;

      const switchedAt = await owner.rebuildFeature('tallies');
      // the dead owner's build is gone whole: index, copies, record; the old scheme's index and copies too
      expect(await infra.searchIndex.labelOf(ghostIndex)).toBeUndefined();
      expect(await ghostCopies.find({})).toEqual([]);
      expect(await buildRecords().get(ghostBuild)).toBeNull();
      expect(await infra.searchIndex.labelOf(legacyName)).toBeUndefined();
      expect(await legacyCopies.find({})).toEqual([]);
      // the build under way is untouched
      expect(await buildIndexes()).toEqual([otherIndex]);
      expect(await infra.searchIndex.labelOf(otherIndex)).toBe(otherBuild);
      expect((await buildRecords().get(otherBuild))?.position).toBe(REBUILD_BATCH);

      // woken, the dead owner's builder finds its record gone: it writes nothing more and fails
      ghostStall.release();
      expect(await ghostRebuild).toBeInstanceOf(Error);
      expect(await infra.searchIndex.labelOf(ghostIndex)).toBeUndefined();
      // the build under way goes on and is switched in, whole: every event once
      otherStall.release();
      expect(await otherRebuild).toBeGreaterThanOrEqual(switchedAt);
      expect(await infra.searchIndex.labelOf(TALLIES.name)).toBe(otherBuild);
      expect(await buildIndexes()).toEqual([]);
      expect(await buildRecords().find({})).toEqual([]);
      for (const stream of streams) await note(stream);
      await eventually(allExactlyOnce, 20_000);
    } finally {
      ghostStall.release();
      otherStall.release();
      stallHooks.clear();
    }
  });

  it('lets a replica that stopped go: a later rebuild does not wait for it', async () => {
    await other.stop();
    const again = await owner.rebuildFeature('tallies');
    expect(again).toBe(await infra.eventStore.headPosition());
    await eventually(allExactlyOnce, 20_000);
  });

  it('lets a hold go whose owner is gone: the old indexes go on', async () => {
    // a hold left by a replica that died before switching (its replica document is gone)
    await infra.documentStore
      .collection(INDEX_SWITCHES_COLLECTION)
      .upsert({ _id: 'switch', rebuild: 'left', feature: 'tallies', state: 'holding', position: 0, owner: 'replica:dead' });
    const late = createIndexSwitch({ documentStore: infra.documentStore, pollMs: 20 });
    await late.start();
    const applied: number[] = [];
    const [first] = await infra.eventStore.readAll({ after: 0, limit: 1 });
    await late.apply([first], (events) => {
      applied.push(...events.map((event) => event.position));
      return Promise.resolve();
    });
    expect(applied).toEqual([1]);
    expect(late.floorOf('tallies')).toBe(0);
    await late.stop();
  });

  it('refuses the cut to an owner taken for gone: its hold abandoned by a replica, nothing is swapped and the history says so', async () => {
    const slow = createIndexSwitch({ documentStore: infra.documentStore, pollMs: 20 });
    // a replica for which every owner is gone at once (as a stalled owner would be after goneAfterMs)
    const impatient = createIndexSwitch({ documentStore: infra.documentStore, pollMs: 20, goneAfterMs: 0 });
    await slow.start();
    await impatient.start();
    let cut = false;
    await expect(
      slow.switchOver('tallies', 'slowbuild', () => {
        cut = true;
        return Promise.resolve(1);
      }),
    ).rejects.toThrow('search_switch_abandoned');
    expect(cut).toBe(false);
    const history = await infra.documentStore.collection<Document & SearchIndexSwitchDto>(SEARCH_INDEX_SWITCH_HISTORY_COLLECTION).find({ outcome: 'abandoned' });
    expect(history.map((entry) => [entry.feature, entry.error, entry.position])).toEqual([['tallies', 'search_switch_abandoned', 0]]);
    // the old indexes go on: neither replica holds its batches
    const applied: string[] = [];
    for (const replica of [slow, impatient]) await replica.apply([], () => Promise.resolve(void applied.push('applied')));
    expect(applied).toEqual(['applied', 'applied']);
    expect(impatient.floorOf('tallies')).toBe(0);
    await impatient.stop();
    await slow.stop();
  });
});
