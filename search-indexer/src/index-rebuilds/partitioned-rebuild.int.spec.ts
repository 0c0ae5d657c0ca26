import { randomUUID } from 'node:crypto';
import { createInfrastructure, loadConfig, type Infrastructure, type SearchDocument } from '@cn/platform';
import { createPartitionedTestBus, createTempDir, eventually, meilisearchTestRun, partitionOfStream, type PartitionedTestBus } from '@cn/platform/testing';
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
jest.setTimeout(60_000);

const PARTITIONS = 3;
const STREAMS = 60;
const EVENTS_PER_STREAM = 10;

/** one document per stream: every position the index applied to it, so a lost or doubled event shows */
interface Tally extends SearchDocument {
  text: string;
  positions: number[];
}
/** Meilisearch is a server other runs share: each run's indexes have names of their own, deleted at the end */
const meilisearch = meilisearchTestRun('partitioned-rebuild');
const TALLIES = searchIndexDefinition<Tally>(`bluegreen_tallies_${randomUUID().replace(/-/g, '')}`, { searchableAttributes: ['text'], filterableAttributes: [] });
const talliesFeature: SearchFeature = {
  name: 'tallies',
  indexing: async (open) => {
    const tallies = await open(TALLIES);
    return {
      eventTypes: ['TallyNoted'],
      handle: async (event) => {
        const current = await tallies.get(event.streamId);
        await tallies.upsert([{ id: event.streamId, text: 'tally', positions: [...(current?.positions ?? []), event.position] }]);
      },
    };
  },
};

describe('blue/green search rebuild on a partitioned bus with two replicas', () => {
  let temp: ReturnType<typeof createTempDir>;
  let infra: Infrastructure;
  let bus: PartitionedTestBus;
  let owner: SearchIndexerRuntime;
  let other: SearchIndexerRuntime;
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
  const tallyOf = async (stream: string): Promise<number[] | null> => (await (await infra.searchIndex.index<Tally>(TALLIES.name, TALLIES.settings)).get(stream))?.positions ?? null;
  /** every stream's document holds exactly the positions appended to it, each once */
  const allExactlyOnce = async (): Promise<boolean> => {
    for (const stream of streams) {
      const positions = await tallyOf(stream);
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
    const switchOptions = { pollMs: 20, goneAfterMs: 5_000 };
    // a swap that, like Meilisearch's task, lets other work run before it takes place: events the replicas
    // applied to the old index meanwhile would be missing from the new one, were they not held
    const searchIndex = { ...infra.searchIndex, swapIndexes: async (name: string, other: string) => {
      for (let turn = 0; turn < 30; turn += 1) await new Promise((resolve) => setImmediate(resolve));
      await infra.searchIndex.swapIndexes(name, other);
    } };
    owner = createSearchRuntime({ ...infra, searchIndex, bus: bus.replica([0, 1]) }, [talliesFeature], switchOptions);
    other = createSearchRuntime({ ...infra, bus: bus.replica([2]) }, [talliesFeature], switchOptions);
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
});
