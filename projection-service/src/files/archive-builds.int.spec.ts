import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSqliteDocumentStore, type DocumentStore } from '@cn/platform/document-store';
import { eventually } from '@cn/platform/testing';
import { createArchiveBuilds, FILE_ARCHIVE_BUILDS_COLLECTION, archiveBuildsOf, type ArchiveBuildJob, type ArchiveBuilds } from './archive-builds';

interface Payload {
  n: number;
}

/** a build that waits until the test lets it end, so the builds running at one moment can be counted */
const gate = () => {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
};

/**
 * Two builders, each on its own connection to one SQLite file, as two projection-service replicas on one
 * store: both queue every export (both reactors read every request); each export is built once, by one of
 * them, and at most two at once per process while the others wait in its queue.
 */
describe('archive builds shared by two processes on one store', () => {
  jest.setTimeout(60_000);
  let dir: string;
  let stores: DocumentStore[];
  let builders: Array<ArchiveBuilds<Payload>>;
  const built: Array<{ by: number; id: string; n: number }> = [];
  let release = gate();
  const clockAt = { now: Date.parse('2026-12-07T10:00:00.000Z') };
  const clock = (): Date => new Date(clockAt.now);

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cn-archive-builds-'));
    stores = [0, 1].map(() => createSqliteDocumentStore({ path: join(dir, 'read-models.sqlite') }));
    built.length = 0;
    release = gate();
    builders = stores.map((store, by) =>
      createArchiveBuilds<Payload>({
        store,
        clock,
        pollMs: 0,
        build: async (payload) => {
          built.push({ by, id: `a${payload.n}`, n: payload.n });
          await release.opened;
        },
      }),
    );
    for (const builder of builders) await builder.start();
  });
  afterEach(async () => {
    release.open();
    for (const builder of builders) await builder.stop();
    for (const store of stores) await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('builds each export once across both processes, two at once per process, the rest queued; finished builds leave no job', async () => {
    const ids = [1, 2, 3, 4, 5, 6, 7];
    // both processes queue every request, in the same order, as both reactors would
    await Promise.all(ids.flatMap((n) => builders.map((builder) => builder.enqueue(`a${n}`, { n }))));
    // each process holds two builds; the others wait in its queue
    await eventually(() => built.length === 4, 10_000);
    expect([0, 1].map((by) => built.filter((entry) => entry.by === by).length)).toEqual([2, 2]);
    expect(new Set(built.map((entry) => entry.id)).size).toBe(4);
    expect(builders.map((builder) => builder.stats.running)).toEqual([2, 2]);
    expect(builders.map((builder) => builder.stats.most)).toEqual([2, 2]);

    release.open();
    await eventually(() => built.length === ids.length && builders.every((builder) => builder.stats.running === 0), 10_000);
    for (const builder of builders) await builder.idle();
    expect(built.map((entry) => entry.id).sort()).toEqual(ids.map((n) => `a${n}`).sort());
    expect(builders.map((builder) => builder.stats.most)).toEqual([2, 2]);
    expect(await stores[0].collection(FILE_ARCHIVE_BUILDS_COLLECTION).find({})).toEqual([]);

  });

  it('leaves a build another process holds, and takes it over once its claim lapsed (that process died)', async () => {
    const jobs = stores[0].collection<ArchiveBuildJob<Payload>>(FILE_ARCHIVE_BUILDS_COLLECTION);
    const heldUntil = new Date(clockAt.now + 60_000).toISOString();
    await jobs.upsert({ _id: 'a9', payload: { n: 9 }, attempts: 0, claimed_by: 'a process that died', claimed_until: heldUntil, _version: 1 });
    release.open();
    await builders[1].enqueue('a9', { n: 9 });
    await builders[1].rescan();
    await builders[1].idle();
    expect(built).toEqual([]);
    expect((await jobs.get('a9'))?.claimed_by).toBe('a process that died');

    clockAt.now += 61_000;
    await builders[0].rescan();
    await builders[0].idle();
    expect(built).toEqual([{ by: 0, id: 'a9', n: 9 }]);
    expect(await jobs.get('a9')).toBeNull();
  });

  it('a failed build drops its claim and is tried again at the next look', async () => {
    const store = stores[0];
    let fails = 1;
    const attempts: number[] = [];
    const flaky = createArchiveBuilds<Payload>({
      store,
      clock,
      pollMs: 0,
      build: (payload) => {
        attempts.push(payload.n);
        return fails-- > 0 ? Promise.reject(new Error('store unreachable')) : Promise.resolve();
      },
    });
    await flaky.start();
    await flaky.enqueue('a5', { n: 5 });
    await flaky.idle();
    expect(await store.collection<ArchiveBuildJob<Payload>>(FILE_ARCHIVE_BUILDS_COLLECTION).get('a5')).toMatchObject({ attempts: 1 });
    expect((await store.collection<ArchiveBuildJob<Payload>>(FILE_ARCHIVE_BUILDS_COLLECTION).get('a5'))?.claimed_by).toBeUndefined();
    await flaky.rescan();
    await flaky.idle();
    expect(attempts).toEqual([5, 5]);
    expect(await store.collection(FILE_ARCHIVE_BUILDS_COLLECTION).get('a5')).toBeNull();
    await flaky.stop();
  });

  it('reads the per-process number of builds from FILE_ARCHIVE_BUILDS', () => {
    expect([archiveBuildsOf(undefined), archiveBuildsOf('4'), archiveBuildsOf('0'), archiveBuildsOf('two'), archiveBuildsOf('100')]).toEqual([2, 4, 2, 2, 2]);
  });
});
