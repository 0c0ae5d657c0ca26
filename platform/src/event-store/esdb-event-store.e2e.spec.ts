import { afterAll, jest } from '@jest/globals';
import { describeEventStoreContract, type EventStoreContractTarget, serverFromEnvOrContainer } from '@cn/platform/testing';
import { createEsdbEventStore } from './esdb-event-store';

/**
 * Runs the event store contract against EventStoreDB: the server named by EVENTSTORE_URL, else a
 * container started through testcontainers when a Docker engine answers, else the suite is skipped.
 */
const server = serverFromEnvOrContainer('EVENTSTORE_URL', {
  image: 'eventstore/eventstore:24.10',
  environment: { EVENTSTORE_INSECURE: 'true', EVENTSTORE_MEM_DB: 'true', EVENTSTORE_RUN_PROJECTIONS: 'None' },
  port: 2113,
  health: { path: '/health/live', status: 204 },
  address: (host, port) => `esdb://${host}:${port}?tls=false`,
});

const target: EventStoreContractTarget = server.available
  ? {
      available: true,
      create: async () => {
        const subject = createEsdbEventStore({ connectionString: await server.address() });
        return { subject, cleanup: () => subject.close() };
      },
    }
  : server;

afterAll(() => server.stop(), 60_000);

jest.setTimeout(60_000);
describeEventStoreContract('EventStoreDB', target);
