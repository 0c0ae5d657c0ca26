import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { createTempDir, eventually, newTestEvent } from '@cn/platform/testing';
import { createSqliteDocumentStore, type DocumentStore } from '@cn/platform/document-store';
import { createSqliteEventStore, type EventStore, type RecordedEvent } from '@cn/platform/event-store';
import type { BusConsumer, EventBus } from './event-bus';
import { createKafkaEventBus } from './kafka-event-bus';
import { startKafkaRelay } from './kafka-relay';
import type { KafkaRelay } from './kafka-relay';

/** The relay from a SQLite event store to the Kafka brokers named by KAFKA_BROKERS. */
const brokers = process.env['KAFKA_BROKERS']?.split(',').filter((broker) => broker.length > 0) ?? [];
const describeWithKafka = brokers.length > 0 ? describe : describe.skip;
const title = brokers.length > 0 ? 'Kafka relay' : 'Kafka relay (skipped: KAFKA_BROKERS not set)';
const run = randomUUID().slice(0, 8);

jest.setTimeout(90_000);

describeWithKafka(title, () => {
  let temp: ReturnType<typeof createTempDir>;
  let eventStore: EventStore;
  let documents: DocumentStore;
  let bus: EventBus;
  let topic: string;
  const relays: KafkaRelay[] = [];
  const consumers: BusConsumer[] = [];

  beforeEach(() => {
    temp = createTempDir('cn-kafka-relay-e2e');
    topic = `cn.e2e.relay.${run}.${randomUUID().slice(0, 8)}`;
    eventStore = createSqliteEventStore({ path: join(temp.dir, 'events.sqlite') });
    documents = createSqliteDocumentStore({ path: join(temp.dir, 'relay.sqlite') });
    bus = createKafkaEventBus({ brokers, topic, clientId: `cn-e2e-relay-${run}` });
  });
  afterEach(async () => {
    await Promise.all(consumers.splice(0).map((consumer) => consumer.stop()));
    await Promise.all(relays.splice(0).map((relay) => relay.stop()));
    await bus.close();
    await eventStore.close();
    await documents.close();
    temp.remove();
  });

  const startRelay = async (): Promise<KafkaRelay> => {
    const relay = await startKafkaRelay({ eventStore, brokers, topic, checkpoints: documents.collection('_checkpoints'), name: 'relay' });
    relays.push(relay);
    return relay;
  };
  const stopRelay = async (relay: KafkaRelay): Promise<void> => {
    relays.splice(relays.indexOf(relay), 1);
    await relay.stop();
  };
  const streams = ['member-a', 'member-b', 'network-1'];
  const appendRound = async (round: number): Promise<void> => {
    for (const stream of streams) {
      await eventStore.append(stream, [newTestEvent(`E${round}a`), newTestEvent(`E${round}b`)], { expectedRevision: 'any' });
    }
  };
  const consume = async (received: RecordedEvent[]): Promise<void> => {
    consumers.push(await bus.consume({ groupId: `relay-e2e-${randomUUID()}`, handler: (event) => {
          received.push(event);
          return Promise.resolve();
        },
      }));
  };
  /** at least once: duplicates are allowed, but each stream's first deliveries are its revisions in order */
  const expectEveryEventInStreamOrder = async (received: RecordedEvent[]): Promise<void> => {
    const appended = await eventStore.readAll();
    for (const stream of streams) {
      const seen = new Set<string>();
      const firstDeliveries = received.filter((event) => event.streamId === stream && !seen.has(event.id) && seen.add(event.id));
      expect(firstDeliveries.map((event) => event.id)).toEqual(appended.filter((event) => event.streamId === stream).map((event) => event.id));
      expect(firstDeliveries.map((event) => event.revision)).toEqual(firstDeliveries.map((_event, index) => index));
    }
  };
  const distinctIds = (received: RecordedEvent[]): number => new Set(received.map((event) => event.id)).size;

  it('relays appended events to a consumer group, each stream in order, with the whole recorded event', async () => {
    await appendRound(0);
    await startRelay();
    const received: RecordedEvent[] = [];
    await consume(received);
    await appendRound(1);
    await appendRound(2);
    await eventually(() => distinctIds(received) === 18, 30_000);
    await expectEveryEventInStreamOrder(received);
    const [first] = await eventStore.readAll({ limit: 1 });
    expect(received.find((event) => event.id === first?.id)).toEqual(first);
  });

  it('stores its checkpoint after the broker acknowledged, and a restarted relay resumes from it without loss', async () => {
    await appendRound(0);
    const relay = await startRelay();
    const head = await eventStore.headPosition();
    await eventually(() => relay.position() === head, 30_000);
    expect((await documents.collection('_checkpoints').get('relay'))?.['position']).toBe(head);
    await stopRelay(relay);

    // appended while no relay runs: the next one must pick them up from the checkpoint
    await appendRound(1);
    await appendRound(2);
    const restarted = await startRelay();
    const received: RecordedEvent[] = [];
    await consume(received);
    await eventually(() => distinctIds(received) === 18, 30_000);
    await expectEveryEventInStreamOrder(received);
    // resumed from the checkpoint, not from the beginning
    expect(received.length).toBe(18);
    await eventually(async () => restarted.position() === (await eventStore.headPosition()), 30_000);
  });

  it('loses nothing when stopped in the middle of a backlog', async () => {
    for (let round = 0; round < 40; round += 1) await appendRound(round);
    const relay = await startRelay();
    await eventually(() => relay.position() > 0, 30_000);
    await stopRelay(relay);
    const stoppedAt = relay.position();
    expect(stoppedAt).toBeLessThan(40 * 6);
    await appendRound(40);
    await startRelay();
    const received: RecordedEvent[] = [];
    await consume(received);
    await eventually(() => distinctIds(received) === 41 * 6, 60_000);
    await expectEveryEventInStreamOrder(received);
    expect(stoppedAt).toBeLessThanOrEqual((await documents.collection('_checkpoints').get('relay'))?.['position'] as number);
  });
});
