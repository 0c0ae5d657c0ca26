import type { RecordedEvent } from '@cn/platform/event-store';

/**
 * The bus between services: ordered per stream, at-least-once, consumer groups with committed offsets.
 * Production: Kafka (fed by the relay that follows the event store, never a dual write).
 * Embedded: in-process, following the SQLite event log with offsets stored beside it.
 */
export interface BusConsumer {
  stop(): Promise<void>;
}

export interface ConsumeOptions {
  /** consumer group; each group receives every event once (at least once) */
  groupId: string;
  /** the handler is awaited before the offset is committed */
  handler: (event: RecordedEvent) => Promise<void>;
  onError?: (error: unknown) => void;
}

export interface EventBus {
  consume(options: ConsumeOptions): Promise<BusConsumer>;
  /** forget a group's committed offset so it receives everything again (projection rebuild) */
  resetGroup(groupId: string): Promise<void>;
  close(): Promise<void>;
}
