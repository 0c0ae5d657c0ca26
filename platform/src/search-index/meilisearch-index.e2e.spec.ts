import { afterAll, jest } from '@jest/globals';
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
