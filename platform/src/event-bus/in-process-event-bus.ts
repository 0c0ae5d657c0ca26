import Database from 'better-sqlite3';
import { privateFile } from '../files/private-files';
import type { EventStore, EventSubscription } from '../event-store/event-store';
import type { BusConsumer, EventBus } from './event-bus';

export interface InProcessEventBusOptions {
  eventStore: EventStore;
  /** SQLite file holding the consumer groups' committed offsets */
  path: string;
}

/** better-sqlite3 is synchronous; the ports are not: answer the work's result, or its error, as a promise */
const settle = <T>(work: () => T): Promise<T> => new Promise<T>((resolve) => resolve(work()));

/**
 * The embedded bus follows the event log itself: each consumer is a catch-up subscription from its
 * group's committed offset, so the order is global (hence per stream) and delivery at least once.
 */
export const createInProcessEventBus = (options: InProcessEventBusOptions): EventBus => {
  const db = new Database(privateFile(options.path));
  db.pragma('journal_mode = WAL');
  // losing the last commits only means redelivery, which consumers tolerate (at least once)
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  db.exec('CREATE TABLE IF NOT EXISTS consumer_offsets (group_id TEXT PRIMARY KEY, position INTEGER NOT NULL)');
  const selectOffset = db.prepare<[string], { position: number }>('SELECT position FROM consumer_offsets WHERE group_id = ?');
  const commitOffset = db.prepare<[string, number]>(
    `INSERT INTO consumer_offsets (group_id, position) VALUES (?, ?)
     ON CONFLICT (group_id) DO UPDATE SET position = excluded.position`,
  );

  const consumers = new Set<BusConsumer>();

  return {
    consume: ({ groupId, handler, onError }) => settle(() => {
      const subscription: EventSubscription = options.eventStore.subscribeToAll(
        { after: selectOffset.get(groupId)?.position ?? 0 },
        async (event) => {
          await handler(event);
          commitOffset.run(groupId, event.position);
        },
        onError,
      );
      const consumer: BusConsumer = {
        stop: async () => {
          consumers.delete(consumer);
          await subscription.stop();
        },
      };
      consumers.add(consumer);
      return consumer;
    }),
    resetGroup: (groupId) => settle(() => {
      commitOffset.run(groupId, 0);
    }),
    close: async () => {
      await Promise.all([...consumers].map((consumer) => consumer.stop()));
      if (db.open) db.close();
    },
  };
};
