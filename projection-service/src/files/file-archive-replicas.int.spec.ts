import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileArchiveStream } from '@cn/contracts';
import { eventually } from '@cn/platform/testing';
import { startHarness, type Harness } from '../__tests__/harness';
import { FILE_ARCHIVE_BUILDS_COLLECTION } from './archive-builds';
import { FileArchiveRunner } from './file-archive-runner';

/**
 * Two projection-service processes (each with its own store connections, bus and archive runner) on one
 * SQLite data folder, as two replicas on one store: both runners read every export request and queue it;
 * each export is built by exactly one of them (the other never starts a zip) and finished once.
 */
describe('archive exports with two projection-service processes on one store', () => {
  jest.setTimeout(90_000);
  let dir: string;
  const running: Harness[] = [];
  const runnerOf = (harness: Harness): FileArchiveRunner => harness.app.get(FileArchiveRunner, { strict: false });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cn-archive-replicas-'));
    running.push(await startHarness({}, { dir }));
    await running[0].register('ada', 'Ada', 'Member');
    running.push(await startHarness({}, { dir }));
  });
  afterAll(async () => {
    for (const harness of running) await harness.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('builds each export once: one FileArchiveFinished per request, one zip written in all, no build left behind', async () => {
    const [a, b] = running;
    const ids = ['x1', 'x2', 'x3', 'x4', 'x5', 'x6'];
    for (const id of ids) await a.append(fileArchiveStream(id), 'FileArchiveRequested', { archive_id: id, member_id: 'ada', file_ids: [], folder_ids: [], current_folder_id: null }, 'ada');
    const head = await a.infra.eventStore.headPosition();
    const finishedOf = async (id: string) => (await b.infra.eventStore.readStream(fileArchiveStream(id))).filter((event) => event.type === 'FileArchiveFinished');
    for (const id of ids) await eventually(async () => (await finishedOf(id)).length > 0, 30_000);
    // both runners read every request and are done with them
    for (const harness of running) {
      expect(await runnerOf(harness).waitFor(head, 20_000)).toBe(true);
      await runnerOf(harness).builds.idle();
    }
    for (const id of ids) expect((await finishedOf(id)).map((event) => (event.data as { outcome: string }).outcome)).toEqual(['finished']);
    expect(running.reduce((sum, harness) => sum + runnerOf(harness).written.zips, 0)).toBe(ids.length);
    expect(running.map((harness) => runnerOf(harness).builds.stats.most <= 2)).toEqual([true, true]);
    expect(await a.infra.documentStore.collection(FILE_ARCHIVE_BUILDS_COLLECTION).find({})).toEqual([]);
  });
});
