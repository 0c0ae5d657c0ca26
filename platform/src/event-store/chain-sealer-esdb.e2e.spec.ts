import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { newTestEvent, serverFromEnvOrContainer } from '@cn/platform/testing';
import { createChainSealer, verifySealedChain, withSealedChain } from './chain-sealer';
import { createEsdbEventStore } from './esdb-event-store';

/**
 * The chaining process against EventStoreDB: the server named by EVENTSTORE_URL, else a container started
 * through testcontainers when a Docker engine answers, else skipped with the reason (as the ESDB contract
 * suite). It seals what was appended within seconds, and verify walks $all against the seals.
 */
const server = serverFromEnvOrContainer('EVENTSTORE_URL', {
  image: 'eventstore/eventstore:24.10',
  environment: { EVENTSTORE_INSECURE: 'true', EVENTSTORE_MEM_DB: 'true', EVENTSTORE_RUN_PROJECTIONS: 'None' },
  port: 2113,
  health: { path: '/health/live', status: 204 },
  address: (host, port) => `esdb://${host}:${port}?tls=false`,
});

afterAll(() => server.stop(), 60_000);
jest.setTimeout(60_000);

const address = server.available ? server.address : null;
const describeOnServer = address ? describe : describe.skip;
describeOnServer(`chain sealer on EventStoreDB${server.available ? '' : ` (skipped: ${server.reason})`}`, () => {
  it('seals appended events within seconds, and verify finds the chain whole', async () => {
    if (!address) return;
    const store = createEsdbEventStore({ connectionString: await address() });
    const sealer = createChainSealer(store);
    try {
      let last = 0;
      for (let i = 0; i < 5; i += 1) last = (await store.append(`sealed-${randomUUID()}`, [newTestEvent('ThingHappened', { n: i })], { expectedRevision: 'no_stream' })).position;
      sealer.start(200);
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline && ((await withSealedChain(store).chainHead?.())?.position ?? 0) < last) await new Promise((resolve) => setTimeout(resolve, 100));
      expect((await withSealedChain(store).chainHead?.())?.position).toBeGreaterThanOrEqual(last);
      const verified = await verifySealedChain(store);
      expect(verified.firstBreak).toBeNull();
      expect(verified.checked).toBeGreaterThanOrEqual(5);
    } finally {
      await sealer.stop();
      await store.close();
    }
  });
});
