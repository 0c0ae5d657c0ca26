import type * as KafkaJs from 'kafkajs';
import type { Producer } from 'kafkajs';
import type pino from 'pino';
import type { DocumentCollection } from '@cn/platform/document-store';
import type { EventStore, EventSubscription, RecordedEvent } from '@cn/platform/event-store';
import { createKafkaClient, ensureKafkaTopic } from './kafka-event-bus';

export interface KafkaRelayOptions {
  eventStore: EventStore;
  brokers: string[];
  topic: string;
  /** where the relay keeps the position of the last event the broker acknowledged */
  checkpoints: DocumentCollection;
  /** checkpoint id and Kafka client id (default `kafka-relay`) */
  name?: string;
  logger?: pino.Logger;
  /** partitions of the topic when the relay creates it (default 1) */
  partitions?: number;
  /** first delay before following the store again after a failure; doubled up to 30 s (default 500 ms) */
  retryDelayMs?: number;
}

/** where command-service's relay keeps its checkpoint (`RelayCheckpoint`) in the document store */
/* eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded when a relay is made, not with the platform: a process on the embedded stores (a rebuild, the standalone server) never loads it */
const kafkajs = (): typeof KafkaJs => require('kafkajs') as typeof KafkaJs;

export const RELAY_CHECKPOINTS_COLLECTION = '_relay_checkpoints';
export const RELAY_CHECKPOINT_ID = 'kafka-relay';

/**
 * The relay's checkpoint: the last event the broker acknowledged, and per partition the last position
 * sent to it. Events are sent one at a time in the log's order, so once `position` >= P, a partition whose
 * last is <= P holds every event of it up to P, and one past P holds its events up to P below that one:
 * readers on several partitions wait for a global position with it (`X-Consistency-Position`).
 */
export type RelayCheckpoint = {
  _id: string;
  position: number;
  partitions?: Record<string, number>;
  updatedAt?: string;
};

export interface KafkaRelay {
  stop(): Promise<void>;
  /** position of the last event acknowledged by the broker and checkpointed */
  position(): number;
}

const MAX_RETRY_DELAY_MS = 30_000;

/**
 * Publishes the event store's log to Kafka (the outbox is the log itself, so command handlers never
 * write twice). Each event is sent with the idempotent producer, keyed by its stream so that one
 * stream's events stay in one partition in order, and the checkpoint is stored only after the broker
 * acknowledged the event: a crash in between re-sends it (at least once), it never skips one.
 */
export const startKafkaRelay = async (options: KafkaRelayOptions): Promise<KafkaRelay> => {
  const name = options.name ?? 'kafka-relay';
  const logger = options.logger?.child({ component: 'kafka-relay', relay: name });
  const kafka = createKafkaClient({ brokers: options.brokers, clientId: name, logger });

  const admin = kafka.admin();
  await admin.connect();
  try {
    await ensureKafkaTopic(admin, options.topic, options.partitions);
  } finally {
    await admin.disconnect();
  }

  const producer: Producer = kafka.producer({
    idempotent: true,
    // with one request in flight a retried batch cannot overtake the next one
    maxInFlightRequests: 1,
    allowAutoTopicCreation: false,
    createPartitioner: kafkajs().Partitioners.DefaultPartitioner,
  });
  await producer.connect();

  const checkpoint = await options.checkpoints.get(name);
  let position = typeof checkpoint?.position === 'number' ? checkpoint.position : 0;
  const lastByPartition: Record<string, number> = { ...((checkpoint as RelayCheckpoint | null)?.partitions ?? {}) };
  let subscription: EventSubscription | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let retryDelay = options.retryDelayMs ?? 500;
  let stopped = false;

  const relay = async (event: RecordedEvent): Promise<void> => {
    const [sent] = await producer.send({
      topic: options.topic,
      acks: -1,
      compression: kafkajs().CompressionTypes.None,
      messages: [{ key: event.streamId, value: JSON.stringify(event), headers: { type: event.type } }],
    });
    if (sent) lastByPartition[String(sent.partition)] = event.position;
    const next: RelayCheckpoint = { _id: name, position: event.position, partitions: lastByPartition, updatedAt: new Date().toISOString() };
    await options.checkpoints.upsert(next);
    position = event.position;
    retryDelay = options.retryDelayMs ?? 500;
  };

  const follow = (): void => {
    if (stopped) return;
    logger?.info({ after: position }, 'relaying events to Kafka');
    subscription = options.eventStore.subscribeToAll({ after: position }, relay, (error) => {
      // the broker or the store is unavailable: follow again from the checkpoint after a pause
      logger?.error({ err: error, position, retryInMs: retryDelay }, 'relay interrupted');
      subscription = null;
      if (stopped) return;
      retryTimer = setTimeout(() => {
        retryTimer = null;
        follow();
      }, retryDelay);
      retryDelay = Math.min(retryDelay * 2, MAX_RETRY_DELAY_MS);
    });
  };
  follow();

  return {
    stop: async () => {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      const current: EventSubscription | null = subscription;
      if (current) await current.stop();
      await producer.disconnect();
    },
    position: () => position,
  };
};
