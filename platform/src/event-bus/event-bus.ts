import type { RecordedEvent } from '@cn/platform/event-store';

/**
 * The bus between services: ordered per stream, at-least-once, consumer groups with committed offsets.
 * Production: Kafka (fed by the relay that follows the event store, never a dual write).
 * Embedded: in-process, following the SQLite event log with offsets stored beside it.
 */
export interface BusConsumer {
  stop(): Promise<void>;
}

interface ConsumeCommon {
  /** consumer group; each group receives every event once (at least once) */
  groupId: string;
  /**
   * where a group without committed offsets starts: the beginning of the log (default) or only what is
   * published from now on (a process's own group that only passes changes on to its open consoles)
   */
  fromBeginning?: boolean;
  /**
   * The log position the consumer has applied already (its own checkpoint, written with its documents, after
   * a catch-up from the event store). A bus that follows the log's one total order (the embedded bus) starts
   * after it when its committed offset is older, instead of delivering again, one by one, everything the
   * catch-up just applied: after a long stop that was the whole gap, read and checked once per group while
   * commands waited. A partitioned bus (Kafka) keeps its offsets.
   */
  handledUpTo?: number;
  /**
   * With `handleBatch`: a bus that follows the log event by event (the embedded bus, the partitioned test bus)
   * hands over the events already in the log behind the one it delivers, up to this many in all, in one batch,
   * as Kafka hands over a fetched batch (whose size Kafka's fetch settings decide). A consumer whose every write
   * is a round trip (a Meilisearch task takes from a few ms to a second on a loaded machine) keeps up so,
   * where one task per event falls further behind with every event written. Default 1: event by event.
   */
  maxBatch?: number;
  onError?: (error: unknown) => void;
}

/**
 * Where a batch came from: its partition of the topic (0 on a bus with one). Events of one stream always
 * share a partition, in order; events of different partitions reach a consumer in no defined order.
 */
export interface Delivery {
  partition: number;
}

/**
 * One handler per event, or one per batch: `handleBatch` receives the events the bus has at hand, in order
 * (Kafka: a fetched batch; the embedded bus: one event at a time), and is awaited before the offset of the
 * last is committed. A consumer whose writes cost a round trip each (a search engine's task) keeps up by
 * batches where it would fall behind event by event.
 */
export type ConsumeOptions = ConsumeCommon &
  (
    | { /** awaited before the event's offset is committed */ handler: (event: RecordedEvent) => Promise<void>; handleBatch?: never }
    | { handleBatch: (events: readonly RecordedEvent[], delivery: Delivery) => Promise<void>; handler?: never }
  );

/** the per-event handler of either form (a bus that delivers one event at a time) */
export const eventHandlerOf = (options: ConsumeOptions): ((event: RecordedEvent) => Promise<void>) =>
  options.handler ?? ((event) => options.handleBatch([event], { partition: 0 }));

export interface EventBus {
  consume(options: ConsumeOptions): Promise<BusConsumer>;
  /**
   * How many partitions the bus's topic has (1: one total order, the event store's). With more, a consumer
   * group shares them among its members, each partition ordered but not the whole log (`handleBatch`'s
   * `delivery` names the partition).
   */
  partitions(): Promise<number>;
  /** forget a group's committed offset so it receives everything again (projection rebuild) */
  resetGroup(groupId: string): Promise<void>;
  close(): Promise<void>;
}
