import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { jest } from '@jest/globals';
import { createTempDir, describeEventBusContract, type EventBusContractTarget } from '@cn/platform/testing';
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

const target: EventBusContractTarget =
  brokers.length > 0
    ? {
        available: true,
        create: async () => {
          const temp = createTempDir('cn-kafka-bus-e2e');
          const topic = `cn.e2e.bus.${run}.${randomUUID().slice(0, 8)}`;
          const eventStore = createSqliteEventStore({ path: join(temp.dir, 'events.sqlite') });
          const documents = createSqliteDocumentStore({ path: join(temp.dir, 'relay.sqlite') });
          const relay = await startKafkaRelay({ eventStore, brokers, topic, checkpoints: documents.collection('_checkpoints') });
          const subject = createKafkaEventBus({ brokers, topic, clientId: `cn-e2e-${run}` });
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
        },
      }
    : { available: false, reason: 'KAFKA_BROKERS not set' };

jest.setTimeout(60_000);
describeEventBusContract('Kafka', target);
