import { spawnSync } from 'node:child_process';
import { afterAll, jest } from '@jest/globals';
import { describeSearchIndexContract } from '../testing';
import type { SearchIndexContractTarget } from '../testing';
import type { StartedTestContainer } from 'testcontainers';
import { createMeiliSearchIndex } from './meilisearch-index';

/**
 * Runs the search index contract against Meilisearch: the server named by MEILI_URL (key MEILI_KEY),
 * else a container started through testcontainers when a Docker engine answers, else skipped.
 * Each test of the suite uses its own index name, so a shared server is fine.
 */
const IMAGE = 'getmeili/meilisearch:v1.11';

/** Asks testcontainers for a container runtime in a child process: registration here is synchronous and must not hang. */
const dockerEngineAnswers = (): boolean =>
  spawnSync(
    process.execPath,
    ['-e', `require(${JSON.stringify(require.resolve('testcontainers'))}).getContainerRuntimeClient().then(() => process.exit(0), () => process.exit(1))`],
    { timeout: 10_000, stdio: 'ignore' },
  ).status === 0;

let container: StartedTestContainer | null = null;
let host: Promise<string> | null = null;

const startContainer = async (): Promise<string> => {
  const { GenericContainer, Wait } = await import('testcontainers');
  container = await new GenericContainer(IMAGE)
    .withEnvironment({ MEILI_ENV: 'development', MEILI_NO_ANALYTICS: 'true' })
    .withExposedPorts(7700)
    .withWaitStrategy(Wait.forHttp('/health', 7700).forStatusCode(200))
    .withStartupTimeout(120_000)
    .start();
  return `http://${container.getHost()}:${container.getMappedPort(7700)}`;
};

const configured = process.env['MEILI_URL'];
const target: SearchIndexContractTarget =
  configured || dockerEngineAnswers()
    ? {
        available: true,
        create: async () => {
          host ??= configured ? Promise.resolve(configured) : startContainer();
          const subject = createMeiliSearchIndex({ host: await host, apiKey: process.env['MEILI_KEY'] });
          return { subject, cleanup: () => subject.close() };
        },
      }
    : { available: false, reason: 'MEILI_URL not set and no Docker engine' };

afterAll(async () => {
  await container?.stop();
}, 60_000);

jest.setTimeout(60_000);
describeSearchIndexContract('Meilisearch', target);
