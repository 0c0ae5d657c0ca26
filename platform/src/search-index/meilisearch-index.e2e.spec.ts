import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { describeSearchIndexContract, type SearchIndexContractTarget, serverFromEnvOrContainer } from '@cn/platform/testing';
import { createMeiliSearchIndex } from './meilisearch-index';

/**
 * Runs the search index contract against Meilisearch: the server named by MEILI_URL (key MEILI_KEY),
 * else a container started through testcontainers when a Docker engine answers, else skipped.
 * Each test of the suite uses its own index name, so a shared server is fine.
 */
const server = serverFromEnvOrContainer('MEILI_URL', {
  image: 'getmeili/meilisearch:v1.11',
  environment: { MEILI_ENV: 'development', MEILI_NO_ANALYTICS: 'true' },
  port: 7700,
  health: { path: '/health', status: 200 },
  address: (host, port) => `http://${host}:${port}`,
});

const target: SearchIndexContractTarget = server.available
  ? {
      available: true,
      create: async () => {
        const subject = createMeiliSearchIndex({ host: await server.address(), apiKey: process.env['MEILI_KEY'] });
        return { subject, cleanup: () => subject.close() };
      },
    }
  : server;

afterAll(() => server.stop(), 60_000);

jest.setTimeout(60_000);
describeSearchIndexContract('Meilisearch', target);

const describeServer = server.available ? describe : describe.skip;
describeServer(`Meilisearch index prefix${server.available ? '' : ` (skipped: ${server.reason})`}`, () => {
  it('keeps the indexes and checkpoints of two prefixes apart on one server', async () => {
    if (!server.available) throw new Error(server.reason);
    const host = await server.address();
    const run = randomUUID().replace(/-/g, '').slice(0, 12);
    const [first, second] = ['a', 'b'].map((tenant) => createMeiliSearchIndex({ host, apiKey: process.env['MEILI_KEY'], indexPrefix: `${run}${tenant}_` }));
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
});
