import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { MeiliSearch } from 'meilisearch';
import { describeSearchIndexContract, meilisearchTestRun, type SearchIndexContractTarget, serverFromEnvOrContainer } from '@cn/platform/testing';
import { createMeiliSearchIndex, deleteMeiliIndexesWithPrefix } from './meilisearch-index';

/**
 * Runs the search index contract against Meilisearch: the server named by MEILI_URL (key MEILI_KEY),
 * else a container started through testcontainers when a Docker engine answers, else skipped.
 * Each test of the suite uses its own index name under this run's prefix, so a shared server is fine; the
 * run's indexes are deleted when the suite ends.
 */
const server = serverFromEnvOrContainer('MEILI_URL', {
  image: 'getmeili/meilisearch:v1.50.0',
  environment: { MEILI_ENV: 'development', MEILI_NO_ANALYTICS: 'true' },
  port: 7700,
  health: { path: '/health', status: 200 },
  address: (host, port) => `http://${host}:${port}`,
});

const run = meilisearchTestRun('contract');

const target: SearchIndexContractTarget = server.available
  ? {
      available: true,
      create: async () => {
        const subject = createMeiliSearchIndex({ host: await server.address(), apiKey: process.env['MEILI_KEY'], indexPrefix: run.prefix });
        return { subject, cleanup: () => subject.close() };
      },
    }
  : server;

afterAll(async () => {
  if (server.available) await deleteMeiliIndexesWithPrefix({ host: await server.address(), apiKey: process.env['MEILI_KEY'], prefix: run.prefix });
  await server.stop();
}, 60_000);

jest.setTimeout(60_000);
describeSearchIndexContract('Meilisearch', target);

const describeServer = server.available ? describe : describe.skip;
describeServer(`Meilisearch index prefix${server.available ? '' : ` (skipped: ${server.reason})`}`, () => {
  it('keeps the indexes and checkpoints of two prefixes apart on one server', async () => {
    if (!server.available) throw new Error(server.reason);
    const host = await server.address();
    const [first, second] = ['a', 'b'].map((tenant) => createMeiliSearchIndex({ host, apiKey: process.env['MEILI_KEY'], indexPrefix: `${run.prefix}${tenant}_` }));
    const settings = { searchableAttributes: ['text'], filterableAttributes: [] };
    const ofFirst = await first.index('notes', settings);
    const ofSecond = await second.index('notes', settings);
    await ofFirst.upsert([{ id: 'n1', text: 'apples' }]);
    await ofSecond.upsert([{ id: 'n1', text: 'pears' }, { id: 'n2', text: 'plums' }]);
    expect(await ofFirst.search({ q: '' })).toEqual({ hits: [{ id: 'n1', text: 'apples' }], total: 1 });
    expect((await ofSecond.search({ q: '' })).total).toBe(2);
    expect(await ofFirst.get('n2')).toBeNull();
    await first.setCheckpoint('search', 7);
    expect(await second.getCheckpoint('search')).toBe(0);
    expect(await first.getCheckpoint('search')).toBe(7);
    await Promise.all([ofFirst.clear(), ofSecond.clear()]);
    await Promise.all([first.close(), second.close()]);
  });

  it('deletes the indexes of one prefix, and no other', async () => {
    if (!server.available) throw new Error(server.reason);
    const host = await server.address();
    const apiKey = process.env['MEILI_KEY'];
    const [gone, kept] = ['gone_', 'kept_'].map((tenant) => createMeiliSearchIndex({ host, apiKey, indexPrefix: `${run.prefix}${tenant}` }));
    const settings = { searchableAttributes: ['text'], filterableAttributes: [] };
    for (const index of [gone, kept]) {
      await (await index.index('notes', settings)).upsert([{ id: 'n1', text: 'apples' }]);
      await index.index('notes__next', settings);
      await index.setCheckpoint('search', 3);
    }
    const uids = async (): Promise<string[]> => (await new MeiliSearch({ host, apiKey }).getRawIndexes({ limit: 1000 })).results.map((index) => index.uid).filter((uid) => uid.startsWith(run.prefix));
    expect((await deleteMeiliIndexesWithPrefix({ host, apiKey, prefix: `${run.prefix}gone_` })).sort()).toEqual(
      ['notes', 'notes__next', '_checkpoints'].map((name) => `${run.prefix}gone_${name}`).sort(),
    );
    expect((await uids()).filter((uid) => uid.startsWith(`${run.prefix}gone_`))).toEqual([]);
    expect((await uids()).filter((uid) => uid.startsWith(`${run.prefix}kept_`)).sort()).toEqual(['notes', 'notes__next', '_checkpoints'].map((name) => `${run.prefix}kept_${name}`).sort());
    await expect(deleteMeiliIndexesWithPrefix({ host, apiKey, prefix: '' })).rejects.toThrow(/invalid index prefix/);
    await Promise.all([gone.close(), kept.close()]);
  });
});
