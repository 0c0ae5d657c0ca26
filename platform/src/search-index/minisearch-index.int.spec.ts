import { appendFileSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTempDir, describeSearchIndexContract } from '@cn/platform/testing';
import { createMiniSearchIndex } from './minisearch-index';

describeSearchIndexContract('minisearch', {
  available: true,
  create: () => {
    const temp = createTempDir('cn-search');
    const subject = createMiniSearchIndex({ dir: temp.dir });
    return Promise.resolve({ subject, cleanup: async () => { await subject.close(); temp.remove(); } });
  },
});

const settings = { searchableAttributes: ['name'], filterableAttributes: ['city'] };

describe('minisearch index on disk', () => {
  let temp: ReturnType<typeof createTempDir>;
  beforeEach(() => {
    temp = createTempDir('cn-search');
  });
  afterEach(() => {
    jest.useRealTimers();
    temp.remove();
  });

  it('stays whole through thousands of replaced documents while it cleans up behind them (a presence change each)', async () => {
    const index = createMiniSearchIndex({ dir: temp.dir, flushDelayMs: 3_600_000 });
    const members = await index.index('members', settings);
    const crashes: unknown[] = [];
    const onCrash = (error: unknown): void => {
      crashes.push(error);
    };
    process.on('uncaughtException', onCrash);
    try {
      // more terms than one clean-up batch of MiniSearch's (1,000): its clean-up would take several
      for (let round = 0; round < 6; round += 1) {
        for (let slice = 0; slice < 20; slice += 1) {
          await members.upsert(Array.from({ length: 100 }, (_v, i) => ({ id: `m${slice * 100 + i}`, name: `status${round}x${slice * 100 + i} text${round}`, city: 'Berlin' })));
          // timers run between the writes, as between requests: a clean-up in batches would interleave here
          await new Promise((resolve) => setTimeout(resolve, 3));
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(crashes).toEqual([]);
      expect((await members.search({ q: 'status5x1999' })).hits[0]?.id).toBe('m1999');
      expect((await members.search({ q: '' })).total).toBe(2000);
    } finally {
      process.off('uncaughtException', onCrash);
      await index.close();
    }
  });

  it('keeps documents, settings and checkpoints across a reopen', async () => {
    const first = createMiniSearchIndex({ dir: temp.dir });
    const members = await first.index('members', settings);
    await members.upsert([{ id: 'a', name: 'Grace Hopper', city: 'Arlington' }, { id: 'b', name: 'Alan Turing', city: 'London' }]);
    await first.setCheckpoint('directory', 12);
    await first.close();

    const reopened = createMiniSearchIndex({ dir: temp.dir });
    expect(await reopened.getCheckpoint('directory')).toBe(12);
    const again = await reopened.index('members', settings);
    expect((await again.search({ q: 'hop' })).hits).toEqual([{ id: 'a', name: 'Grace Hopper', city: 'Arlington' }]);
    expect((await again.search({ q: '', filter: { city: 'London' } })).total).toBe(1);
    await reopened.close();
  });

  it('writes index and checkpoint together in one debounced snapshot, without leftover temp files', async () => {
    // the snapshot is written synchronously when its timer fires: the test moves the timers instead of waiting
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const index = createMiniSearchIndex({ dir: temp.dir, flushDelayMs: 30 });
    const members = await index.index('members', settings);
    await members.upsert([{ id: 'a', name: 'Grace', city: 'Arlington' }]);
    await index.setCheckpoint('directory', 5);
    expect(existsSync(`${temp.dir}/search-snapshot.json`)).toBe(false);
    jest.advanceTimersByTime(29);
    expect(existsSync(`${temp.dir}/search-snapshot.json`)).toBe(false);
    jest.advanceTimersByTime(71);
    jest.useRealTimers();
    expect(readdirSync(temp.dir)).toEqual(['search-snapshot.json']);

    // a second instance reading the file sees exactly what was written with checkpoint 5
    const copy = createMiniSearchIndex({ dir: temp.dir });
    expect(await copy.getCheckpoint('directory')).toBe(5);
    expect((await (await copy.index('members', settings)).search({ q: 'grace' })).total).toBe(1);
    await copy.close();
    await index.close();
  });

  it('journals the changes after a snapshot instead of writing every document again, and a reopen replays them', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const index = createMiniSearchIndex({ dir: temp.dir, flushDelayMs: 10 });
    const members = await index.index('members', settings);
    await members.upsert([
      { id: 'a', name: 'Ada Lovelace', city: 'London' },
      { id: 'b', name: 'Grace Hopper', city: 'Arlington' },
    ]);
    jest.advanceTimersByTime(20);
    const snapshot = readFileSync(join(temp.dir, 'search-snapshot.json'), 'utf8');
    await members.upsert([{ id: 'b', name: 'Grace Brewster Hopper', city: 'Arlington' }]);
    await members.delete(['a']);
    await index.setCheckpoint('directory', 7);
    jest.advanceTimersByTime(20);
    await members.upsert([{ id: 'c', name: 'Katherine Johnson', city: 'Hampton' }]);
    await index.setCheckpoint('directory', 8);
    jest.advanceTimersByTime(20);
    jest.useRealTimers();
    // the snapshot is as it was; two lines of changes follow it
    expect(readFileSync(join(temp.dir, 'search-snapshot.json'), 'utf8')).toBe(snapshot);
    const journal = readdirSync(temp.dir).find((name) => name.startsWith('search-journal.')) ?? '';
    expect(readFileSync(join(temp.dir, journal), 'utf8').trim().split('\n')).toHaveLength(2);

    const reopened = createMiniSearchIndex({ dir: temp.dir });
    const again = await reopened.index('members', settings);
    expect(await reopened.getCheckpoint('directory')).toBe(8);
    expect((await again.search({ q: 'brewster' })).hits).toEqual([{ id: 'b', name: 'Grace Brewster Hopper', city: 'Arlington' }]);
    expect(await again.get('a')).toBeNull();
    expect((await again.search({ q: '' })).total).toBe(2);
    await reopened.close();
    await index.close();
  });

  it('stops replaying at a torn journal line, so documents and checkpoints stay from one moment', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const index = createMiniSearchIndex({ dir: temp.dir, flushDelayMs: 10 });
    const members = await index.index('members', settings);
    await members.upsert([{ id: 'a', name: 'Ada', city: 'London' }]);
    jest.advanceTimersByTime(20);
    await members.upsert([{ id: 'b', name: 'Grace', city: 'Arlington' }]);
    await index.setCheckpoint('directory', 3);
    jest.advanceTimersByTime(20);
    jest.useRealTimers();
    // a crash in the middle of the next line
    const journal = readdirSync(temp.dir).find((name) => name.startsWith('search-journal.')) ?? '';
    appendFileSync(join(temp.dir, journal), '{"indexes":{"members":[["c",{"id":"c","na');

    const reopened = createMiniSearchIndex({ dir: temp.dir, flushDelayMs: 10 });
    const again = await reopened.index('members', settings);
    expect(await reopened.getCheckpoint('directory')).toBe(3);
    expect((await again.search({ q: '' })).hits.map((doc) => doc.id).sort()).toEqual(['a', 'b']);
    // the next change starts a new snapshot and journal: the torn one is gone
    await again.upsert([{ id: 'd', name: 'Dorothy', city: 'Hampton' }]);
    await reopened.close();
    expect(readdirSync(temp.dir).filter((name) => name.startsWith('search-journal.'))).not.toContain(journal);
    const third = createMiniSearchIndex({ dir: temp.dir });
    expect((await (await third.index('members', settings)).search({ q: '' })).total).toBe(3);
    await third.close();
    await index.close();
  });

  it('appends nothing after a journal whose first line is torn', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const index = createMiniSearchIndex({ dir: temp.dir, flushDelayMs: 10 });
    const members = await index.index('members', settings);
    await members.upsert([{ id: 'a', name: 'Ada', city: 'London' }]);
    await index.setCheckpoint('directory', 1);
    jest.advanceTimersByTime(20);
    await index.close();
    const snapshot = JSON.parse(readFileSync(join(temp.dir, 'search-snapshot.json'), 'utf8')) as { journal: string };
    appendFileSync(join(temp.dir, snapshot.journal), '{"indexes":{"memb');

    const reopened = createMiniSearchIndex({ dir: temp.dir, flushDelayMs: 10 });
    const again = await reopened.index('members', settings);
    await again.upsert([{ id: 'b', name: 'Grace', city: 'Arlington' }]);
    await reopened.setCheckpoint('directory', 2);
    jest.advanceTimersByTime(20);
    jest.useRealTimers();
    await reopened.close();
    const third = createMiniSearchIndex({ dir: temp.dir });
    expect(await third.getCheckpoint('directory')).toBe(2);
    expect((await (await third.index('members', settings)).search({ q: '' })).total).toBe(2);
    await third.close();
  });

  it('re-indexes existing documents when the settings change', async () => {
    const index = createMiniSearchIndex({ dir: temp.dir });
    const before = await index.index('members', settings);
    await before.upsert([{ id: 'a', name: 'Grace', city: 'Arlington' }]);
    const after = await index.index('members', { searchableAttributes: ['name', 'city'], filterableAttributes: [] });
    expect((await after.search({ q: 'arlington' })).total).toBe(1);
    await index.close();
  });
});
