/*
 * Kafka through the KafkaJS API only: every kafkajs import of the platform lives in this file and in
 * kafka-relay.ts, so that @confluentinc/kafka-javascript's KafkaJS-compatible mode can replace it here.
 */
import type * as KafkaJs from 'kafkajs';
import type { Admin, Kafka, Consumer, logCreator, LogEntry } from 'kafkajs';
import type pino from 'pino';
import type { RecordedEvent } from '@cn/platform/event-store';
import { eventHandlerOf, type BusConsumer, type EventBus } from './event-bus';

export interface KafkaEventBusOptions {
  brokers: string[];
  topic: string;
  clientId: string;
  /**
   * partitions of the topic when the bus creates it (default 1). With one, every consumer reads the log's
   * total order. With more, the relay's key (the stream) keeps each stream in one partition, a consumer
   * group shares the partitions among its members, and `handleBatch` is told each batch's partition: the
   * document projector then keeps positions per partition (docs/ARCHITECTURE.md, "Kafka with several
   * partitions"). A consumer with `handler` (one event at a time) is refused on such a topic.
   */
  partitions?: number;
  /**
   * longest a fetch waits on the broker for new events (default 500 ms); stopping a consumer waits for
   * its fetch in flight, so this bounds how long a stop (rebuild, shutdown) takes
   */
  maxWaitTimeMs?: number;
  /**
   * how long the broker waits for a silent consumer before giving its partition to another (default
   * 10 s, kafkajs' own is 30 s): a restarted projector after a crash waits this long for its old member
   */
  sessionTimeoutMs?: number;
  logger?: pino.Logger;
}

/* eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded when a client is made, not with the platform: a process on the embedded stores (a rebuild, the standalone server) never loads it */
const kafkajs = (): typeof KafkaJs => require('kafkajs') as typeof KafkaJs;

const DEFAULT_PARTITIONS = 1;
const DEFAULT_MAX_WAIT_MS = 500;
const DEFAULT_SESSION_TIMEOUT_MS = 10_000;
/** longest consume() waits for a group that starts from now on to be positioned */
const POSITIONED_WAIT_MS = 30_000;

/** KafkaJS logs through the platform's pino logger (or not at all), never to the console. */
export const kafkaLogCreator =
  (logger: pino.Logger | undefined): logCreator =>
  () =>
  ({ level, label, log }: LogEntry) => {
    if (!logger) return;
    const { message, ...extra } = log;
    const fields = { kafka: extra, kafkaLabel: label };
    const levels = kafkajs().logLevel;
    if (level === levels.ERROR) logger.error(fields, message);
    else if (level === levels.WARN) logger.warn(fields, message);
    else if (level === levels.INFO) logger.info(fields, message);
    else logger.debug(fields, message);
  };

export const createKafkaClient = (options: { brokers: string[]; clientId: string; logger?: pino.Logger }): Kafka =>
  new (kafkajs().Kafka)({
    clientId: options.clientId,
    brokers: options.brokers,
    logLevel: options.logger ? kafkajs().logLevel.WARN : kafkajs().logLevel.NOTHING,
    logCreator: kafkaLogCreator(options.logger),
  });

/** Creates the topic when it is missing (idempotent; concurrent creators are fine). */
export const ensureKafkaTopic = async (admin: Admin, topic: string, partitions = DEFAULT_PARTITIONS): Promise<void> => {
  const existing = await admin.listTopics();
  if (existing.includes(topic)) return;
  try {
    await admin.createTopics({ topics: [{ topic, numPartitions: partitions }], waitForLeaders: true });
  } catch (error) {
    if (!(error instanceof Error && /already exists/i.test(error.message))) throw error;
  }
};

/** The relay writes the RecordedEvent as JSON; anything else on the topic is a bug worth stopping for. */
const decodeEvent = (value: Buffer | null): RecordedEvent => {
  if (value === null) throw new Error('Kafka message without a value');
  return JSON.parse(value.toString('utf8')) as RecordedEvent;
};

/** the Kafka protocol error under KafkaJS's wrappers (its retrier wraps what it gives up on) */
const protocolCause = (error: unknown): (Error & { type: string }) | null => {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) {
    if ('type' in current && typeof current.type === 'string') return current as Error & { type: string };
  }
  return null;
};

/** a member the group no longer knows, or a group rebalancing: KafkaJS joins again when it sees these */
const REJOIN_TYPES = new Set(['UNKNOWN_MEMBER_ID', 'REBALANCE_IN_PROGRESS', 'NOT_COORDINATOR_FOR_GROUP', 'ILLEGAL_GENERATION']);

/**
 * A commit refused because the group moved on (the member was dropped, the group rebalanced): the batch
 * was handled, and whoever holds the partition next handles it again (at least once). KafkaJS's retrier
 * wraps such an error into a non-retriable one that ends the consumer for good; its runner rejoins the
 * group on the protocol error itself, so that is what goes on.
 */
export const rejoinable = (error: unknown): unknown => {
  const cause = protocolCause(error);
  return cause !== null && REJOIN_TYPES.has(cause.type) ? cause : error;
};

export const createKafkaEventBus = (options: KafkaEventBusOptions): EventBus => {
  const kafka = createKafkaClient(options);
  const admin = kafka.admin();
  let adminReady: Promise<void> | null = null;
  const connectedAdmin = async (): Promise<Admin> => {
    adminReady ??= (async () => {
      await admin.connect();
      await ensureKafkaTopic(admin, options.topic, options.partitions);
    })().catch((error: unknown) => {
      adminReady = null;
      throw error;
    });
    await adminReady;
    return admin;
  };
  const consumers = new Set<BusConsumer>();

  const consume: EventBus['consume'] = async (consumeOptions) => {
    const { groupId, onError } = consumeOptions;
    const connected = await connectedAdmin();
    const metadata = await connected.fetchTopicMetadata({ topics: [options.topic] });
    const partitions = metadata.topics[0]?.partitions.length ?? 0;
    if (partitions !== 1 && !consumeOptions.handleBatch) {
      throw new Error(
        `Kafka topic ${options.topic} has ${partitions} partitions: a consumer that handles one event at a time needs the log's total order (use handleBatch, which names the partition)`,
      );
    }
    const heartbeatInterval = Math.min(3_000, Math.floor((options.sessionTimeoutMs ?? DEFAULT_SESSION_TIMEOUT_MS) / 3));
    const consumer: Consumer = kafka.consumer({
      groupId,
      allowAutoTopicCreation: false,
      maxWaitTimeInMs: options.maxWaitTimeMs ?? DEFAULT_MAX_WAIT_MS,
      sessionTimeout: options.sessionTimeoutMs ?? DEFAULT_SESSION_TIMEOUT_MS,
      heartbeatInterval,
    });
    let failed = false;
    let stopping: Promise<void> | null = null;
    const stop = (): Promise<void> => {
      stopping ??= consumer.disconnect();
      return stopping;
    };

    consumer.on(consumer.events.CRASH, ({ payload }) => {
      // KafkaJS restarts the consumer after retriable errors; anything else ends it
      if (!payload.restart) onError?.(payload.error);
    });
    await consumer.connect();
    await consumer.subscribe({ topics: [options.topic], fromBeginning: consumeOptions.fromBeginning ?? true });
    // a group that starts from now on resolves "now" at its first fetch after joining: consume() returns after
    // it, so that nothing published after the call is missed (run() itself returns before the join)
    const positioned =
      consumeOptions.fromBeginning === false
        ? new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, POSITIONED_WAIT_MS);
            const removeFetch = consumer.on(consumer.events.FETCH, () => {
              clearTimeout(timer);
              removeFetch();
              resolve();
            });
          })
        : Promise.resolve();
    /** after a failure nothing else is handled nor committed: the group receives it again later */
    const failedWith = (error: unknown, pause: () => void): void => {
      failed = true;
      pause();
      onError?.(error);
      // disconnecting waits for the running handler to return: not awaited here
      void stop();
    };
    const { handleBatch } = consumeOptions;
    if (handleBatch) {
      await consumer.run({
        // one handler and one commit per fetched batch, only after the handler resolved
        autoCommit: false,
        eachBatchAutoResolve: false,
        eachBatch: async (payload) => {
          const { batch } = payload;
          if (failed || batch.messages.length === 0) return;
          const last = batch.messages[batch.messages.length - 1];
          // KafkaJS heartbeats only between batches: a handler slower than the session (a search engine
          // working through its task queue) would lose the group's partitions mid-batch, and its commit
          // then fail. The member keeps beating while it works (KafkaJS shares one heartbeat in flight).
          const beating = setInterval(() => {
            payload.heartbeat().catch(() => undefined);
          }, heartbeatInterval);
          try {
            await handleBatch(
              batch.messages.map((message) => decodeEvent(message.value)),
              { partition: batch.partition },
            );
          } catch (error) {
            failedWith(error, () => payload.pause());
            return;
          } finally {
            clearInterval(beating);
          }
          try {
            await consumer.commitOffsets([{ topic: batch.topic, partition: batch.partition, offset: (BigInt(last.offset) + 1n).toString() }]);
          } catch (error) {
            throw rejoinable(error);
          }
          payload.resolveOffset(last.offset);
          await payload.heartbeat();
        },
      });
    } else {
      const handler = eventHandlerOf(consumeOptions);
      await consumer.run({
        // offsets are committed by hand, one per handled event, only after its handler resolved
        autoCommit: false,
        eachMessage: async (payload) => {
          const { topic, partition, message } = payload;
          if (failed) return;
          try {
            await handler(decodeEvent(message.value));
          } catch (error) {
            failedWith(error, () => payload.pause());
            return;
          }
          await consumer.commitOffsets([{ topic, partition, offset: (BigInt(message.offset) + 1n).toString() }]);
        },
      });
    }
    await positioned;
    const busConsumer: BusConsumer = {
      stop: async () => {
        consumers.delete(busConsumer);
        await stop();
      },
    };
    consumers.add(busConsumer);
    return busConsumer;
  };

  return {
    consume,
    partitions: async () => {
      const connected = await connectedAdmin();
      const metadata = await connected.fetchTopicMetadata({ topics: [options.topic] });
      return metadata.topics[0]?.partitions.length ?? 0;
    },
    resetGroup: async (groupId) => {
      const connected = await connectedAdmin();
      // Kafka refuses to reset the offsets of a group with live members: stop its consumers first
      await connected.resetOffsets({ groupId, topic: options.topic, earliest: true });
    },
    close: async () => {
      await Promise.all([...consumers].map((consumer) => consumer.stop()));
      if (adminReady) await admin.disconnect();
    },
  };
};
