import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { createTempDir, describeEventBusContract, eventually, newTestEvent, pause, type EventBusContractTarget, type EventBusUnderTest } from '@cn/platform/testing';
import type { RecordedEvent } from '@cn/platform/event-store';
import { createSqliteDocumentStore } from '@cn/platform/document-store';
import { createSqliteEventStore } from '@cn/platform/event-store';
import { createKafkaEventBus } from './kafka-event-bus';
import { startKafkaRelay } from './kafka-relay';

/**
 * Runs the event bus contract against the Kafka brokers named by KAFKA_BROKERS. As in production the
 * topic is fed by the relay following an event store (SQLite here); each test gets its own topic.
 */
const brokers = process.env['KAFKA_BROKERS']?.split(',').filter((broker) => broker.length > 0) ?? [];
const run = randomUUID().slice(0, 8);

/** a bus on a topic of its own, fed by a relay following a SQLite event store */
const createBus = async (busOptions: { sessionTimeoutMs?: number } = {}): Promise<EventBusUnderTest> => {
  const temp = createTempDir('cn-kafka-bus-e2e');
  const topic = `cn.e2e.bus.${run}.${randomUUID().slice(0, 8)}`;
  const eventStore = createSqliteEventStore({ path: join(temp.dir, 'events.sqlite') });
  const documents = createSqliteDocumentStore({ path: join(temp.dir, 'relay.sqlite') });
  const relay = await startKafkaRelay({ eventStore, brokers, topic, checkpoints: documents.collection('_checkpoints') });
  const subject = createKafkaEventBus({ brokers, topic, clientId: `cn-e2e-${run}`, ...busOptions });
  return {
    subject,
    eventStore,
    cleanup: async () => {
      await subject.close();
      await relay.stop();
      await eventStore.close();
      await documents.close();
      temp.remove();
    },
  };
};

const target: EventBusContractTarget =
  brokers.length > 0
    ? { available: true, create: () => createBus() }
    : { available: false, reason: 'KAFKA_BROKERS not set' };

jest.setTimeout(60_000);
describeEventBusContract('Kafka', target);

const describeKafka = target.available ? describe : describe.skip;
describeKafka('Kafka event bus: a batch handler slower than the session', () => {
  let bus: EventBusUnderTest | null = null;
  afterEach(async () => {
    await bus?.cleanup();
    bus = null;
  });

  it('keeps its partitions while it works: the batch is committed, the next delivered, and nothing fails', async () => {
    // the broker's smallest session (group.min.session.timeout.ms); the first batch takes half as long again
    bus = await createBus({ sessionTimeoutMs: 6_000 });
    const { subject, eventStore } = bus;
    const stream = `slow-handler-${randomUUID()}`;
    await eventStore.append(stream, [newTestEvent('first')], { expectedRevision: 'no_stream' });
    const handled: string[] = [];
    const failures: unknown[] = [];
    let slow = true;
    await subject.consume({
      groupId: `slow-${randomUUID()}`,
      handleBatch: async (events: readonly RecordedEvent[]) => {
        const own = events.filter((event) => event.streamId === stream);
        if (own.length === 0) return;
        if (slow) {
          slow = false;
          await pause(9_000);
        }
        handled.push(...own.map((event) => event.type));
      },
      onError: (error) => failures.push(error),
    });
    await eventually(() => handled.includes('first'), 30_000);
    await eventStore.append(stream, [newTestEvent('second')], { expectedRevision: 0 });
    await eventually(() => handled.includes('second'), 30_000);
    expect({ handled, failures }).toEqual({ handled: ['first', 'second'], failures: [] });
  });
});
