import { createHash } from 'node:crypto';
import { readingAhead, type BusConsumer, type EventBus } from '@cn/platform/event-bus';
import type { EventStore, EventSubscription, RecordedEvent } from '@cn/platform/event-store';

/** the partition a stream's events go to (the relay keys Kafka's messages by stream in the same way) */
export const partitionOfStream = (streamId: string, partitions: number): number => createHash('sha1').update(streamId).digest().readUInt32BE(0) % partitions;

export interface PartitionedTestBus {
  /**
   * The bus as one replica sees it: its consumer groups receive only `owned` partitions, each followed on its
   * own (one partition may be held up while another goes on, as on Kafka), each batch naming its partition
   * (one event, or with `maxBatch` the partition's events at hand, as Kafka's fetched batches).
   */
  replica(owned: readonly number[]): EventBus;
  close(): Promise<void>;
}

/**
 * A bus with several partitions over an embedded event log, for tests of what several replicas do on Kafka
 * without a broker: each stream's events go to one partition (by its id); a consumer group's committed offset
 * is kept per partition (in memory, shared by the replicas); the replicas are given disjoint partitions
 * explicitly, where Kafka's group would share them out.
 */
export const createPartitionedTestBus = (eventStore: EventStore, partitions: number): PartitionedTestBus => {
  /** `<group>#<partition>` → the last position handled */
  const offsets = new Map<string, number>();
  const subscriptions = new Set<EventSubscription>();
  return {
    replica: (owned) => ({
      consume: (options) => {
        const started = owned.map((partition) => {
          const key = `${options.groupId}#${partition}`;
          const ofPartition = (event: RecordedEvent): boolean => partitionOfStream(event.streamId, partitions) === partition;
          // with maxBatch, the partition's events already in the log come in one batch, as Kafka's fetch does
          const handle = readingAhead(eventStore, options, { partition }, ofPartition);
          const subscription = eventStore.subscribeToAll(
            { after: offsets.get(key) ?? 0 },
            async (event) => {
              if (!ofPartition(event)) return;
              await handle(event);
              offsets.set(key, event.position);
            },
            options.onError,
          );
          subscriptions.add(subscription);
          return subscription;
        });
        const consumer: BusConsumer = {
          stop: async () => {
            await Promise.all(started.map((subscription) => subscription.stop()));
            started.forEach((subscription) => subscriptions.delete(subscription));
          },
        };
        return Promise.resolve(consumer);
      },
      partitions: () => Promise.resolve(partitions),
      resetGroup: (groupId) => {
        for (let partition = 0; partition < partitions; partition += 1) offsets.delete(`${groupId}#${partition}`);
        return Promise.resolve();
      },
      close: () => Promise.resolve(),
    }),
    close: async () => {
      await Promise.all([...subscriptions].map((subscription) => subscription.stop()));
      subscriptions.clear();
    },
  };
};
