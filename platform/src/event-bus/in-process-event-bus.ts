import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { privateFile } from '@cn/platform/files';
import type { EventStore, EventSubscription, RecordedEvent } from '@cn/platform/event-store';
import { eventHandlerOf, type BusConsumer, type ConsumeOptions, type Delivery, type EventBus } from './event-bus';

export interface InProcessEventBusOptions {
  eventStore: EventStore;
  /** SQLite file holding the consumer groups' committed offsets (not the event log's: its writer holds that lock) */
  path: string;
  /** a file that held the offsets before (the event log's): read once into `path` when that has none */
  legacyPath?: string;
}

/** how often the groups' moved offsets are committed */
const OFFSET_COMMIT_MS = 1000;

/** better-sqlite3 is synchronous; the ports are not: answer the work's result, or its error, as a promise */
const settle = <T>(work: () => T): Promise<T> => new Promise<T>((resolve) => resolve(work()));

/**
 * The per-event handler of a consumer on a bus that follows the log one event at a time. With `handleBatch`
 * and `maxBatch`, the events already in the log behind the delivered one (those `accepts`, up to `maxBatch`)
 * are handed over with it in one batch, and passed by when the log then delivers them. The caller commits
 * each delivered event's offset after this resolves, so an offset never passes an event not yet handled.
 */
export const readingAhead = (
  eventStore: Pick<EventStore, 'readAll' | 'readRecent'>,
  consumeOptions: ConsumeOptions,
  delivery: Delivery = { partition: 0 },
  accepts: (event: RecordedEvent) => boolean = () => true,
): ((event: RecordedEvent) => Promise<void>) => {
  const { handleBatch } = consumeOptions;
  if (!handleBatch) return eventHandlerOf(consumeOptions);
  const maxBatch = consumeOptions.maxBatch ?? 1;
  if (maxBatch <= 1) return (event) => handleBatch([event], delivery);
  /** the last position a batch handled */
  let handledThrough = 0;
  return async (event) => {
    if (event.position <= handledThrough) return;
    // live, the events behind are the ones this process just appended: the store's memory answers, no query
    // per event and consumer (newer ones of another process are delivered after this batch, as any event)
    const behind = (eventStore.readRecent?.(event.position, maxBatch - 1) ?? (await eventStore.readAll({ after: event.position, limit: maxBatch - 1 }))).filter(accepts);
    const events = [event, ...behind];
    await handleBatch(events, delivery);
    handledThrough = events[events.length - 1].position;
  };
};

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

  if (options.legacyPath && existsSync(options.legacyPath) && (db.prepare('SELECT COUNT(*) AS n FROM consumer_offsets').get() as { n: number }).n === 0) {
    const legacy = new Database(options.legacyPath, { readonly: true, fileMustExist: true });
    try {
      const known = legacy.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'consumer_offsets'").get();
      const rows = known ? legacy.prepare<[], { group_id: string; position: number }>('SELECT group_id, position FROM consumer_offsets').all() : [];
      db.transaction(() => rows.forEach((row) => commitOffset.run(row.group_id, row.position)))();
    } finally {
      legacy.close();
    }
  }

  /**
   * Offsets are committed at most once per OFFSET_COMMIT_MS for every group that moved (one transaction), and
   * when a consumer stops or the bus closes: a crash redelivers at most what that time handled, which consumers tolerate (at least once; the
   * projectors also pass `handledUpTo` from their own checkpoints). Once per turn of the event loop was about
   * twenty upserts per command on the command path.
   */
  const moved = new Map<string, number>();
  const commitMoved = db.transaction(() => {
    for (const [groupId, position] of moved) commitOffset.run(groupId, position);
    moved.clear();
  });
  let commitTimer: NodeJS.Timeout | null = null;
  const commitSoon = (groupId: string, position: number): void => {
    moved.set(groupId, position);
    if (commitTimer) return;
    commitTimer = setTimeout(() => {
      commitTimer = null;
      if (db.open) commitMoved();
    }, OFFSET_COMMIT_MS);
    commitTimer.unref();
  };

  const consumers = new Set<BusConsumer>();

  return {
    consume: (consumeOptions) => settle(() => {
      const { groupId, onError } = consumeOptions;
      const handleEvent = readingAhead(options.eventStore, consumeOptions);
      const subscription: EventSubscription = options.eventStore.subscribeToAll(
        { after: Math.max(selectOffset.get(groupId)?.position ?? 0, consumeOptions.handledUpTo ?? 0) },
        async (event) => {
          await handleEvent(event);
          commitSoon(groupId, event.position);
        },
        onError,
      );
      const consumer: BusConsumer = {
        stop: async () => {
          consumers.delete(consumer);
          await subscription.stop();
          // what it handled is committed now: the group's next consumer goes on after it
          if (db.open) commitMoved();
        },
      };
      consumers.add(consumer);
      return consumer;
    }),
    // the event store's log: one total order
    partitions: () => Promise.resolve(1),
    resetGroup: (groupId) => settle(() => {
      moved.delete(groupId);
      commitOffset.run(groupId, 0);
    }),
    close: async () => {
      await Promise.all([...consumers].map((consumer) => consumer.stop()));
      if (commitTimer) clearTimeout(commitTimer);
      commitTimer = null;
      if (db.open) {
        commitMoved();
        db.close();
      }
    },
  };
};
