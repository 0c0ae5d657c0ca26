import { spawnSync } from 'node:child_process';
import { afterAll, jest } from '@jest/globals';
import { describeEventStoreContract } from '../testing';
import type { EventStoreContractTarget } from '../testing';
import type { StartedTestContainer } from 'testcontainers';
import { createEsdbEventStore } from './esdb-event-store';

/**
 * Runs the event store contract against EventStoreDB: the server named by EVENTSTORE_URL, else a
 * container started through testcontainers when a Docker engine answers, else the suite is skipped.
 */
const IMAGE = 'eventstore/eventstore:24.10';

/** Asks testcontainers for a container runtime in a child process: registration here is synchronous and must not hang. */
const dockerEngineAnswers = (): boolean =>
  spawnSync(
    process.execPath,
    ['-e', `require(${JSON.stringify(require.resolve('testcontainers'))}).getContainerRuntimeClient().then(() => process.exit(0), () => process.exit(1))`],
    { timeout: 10_000, stdio: 'ignore' },
  ).status === 0;

let container: StartedTestContainer | null = null;
let connectionString: Promise<string> | null = null;

const startContainer = async (): Promise<string> => {
  const { GenericContainer, Wait } = await import('testcontainers');
  container = await new GenericContainer(IMAGE)
    .withEnvironment({ EVENTSTORE_INSECURE: 'true', EVENTSTORE_MEM_DB: 'true', EVENTSTORE_RUN_PROJECTIONS: 'None' })
    .withExposedPorts(2113)
    .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCode(204))
    .withStartupTimeout(120_000)
    .start();
  return `esdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`;
};

const configured = process.env['EVENTSTORE_URL'];
const target: EventStoreContractTarget =
  configured || dockerEngineAnswers()
    ? {
        available: true,
        create: async () => {
          connectionString ??= configured ? Promise.resolve(configured) : startContainer();
          const subject = createEsdbEventStore({ connectionString: await connectionString });
          return { subject, cleanup: () => subject.close() };
        },
      }
    : { available: false, reason: 'EVENTSTORE_URL not set and no Docker engine' };

afterAll(async () => {
  await container?.stop();
}, 60_000);

jest.setTimeout(60_000);
describeEventStoreContract('EventStoreDB', target);
