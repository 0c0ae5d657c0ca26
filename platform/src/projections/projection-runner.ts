import type { DocumentStore } from '../document-store/document-store';
import type { BusConsumer, EventBus } from '../event-bus/event-bus';
import type { EventStore, RecordedEvent } from '../event-store/event-store';
import type { PersonalDataCipher } from '../personal-data/personal-data-cipher';
import type { ProjectedDocument, Projection } from './projection';
import { collectionName } from './projection';
import { retryStorageFaults } from '../storage/storage-faults';
import { upcastRecordedEvent } from '../event-store/upcasting-event-store';

/** The subset of pino's logger the runner uses. */
export interface ProjectorLogger {
  info(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface ProjectorCheckpoint {
  get(): Promise<number>;
  set(position: number): Promise<void>;
}

export interface ProjectorOptions {
  name: string;
  bus: EventBus;
  handle: (event: RecordedEvent) => Promise<void>;
  checkpoint: ProjectorCheckpoint;
  logger?: ProjectorLogger;
  /** a failing event stops the projector (nothing is skipped); the service decides what to do */
  onError?: (error: unknown) => void;
}

export interface Projector {
  name: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** position of the last applied event; lag = event store head - position() */
  position(): number;
  /** true as soon as position() >= position, false after timeoutMs */
  waitFor(position: number, timeoutMs: number): Promise<boolean>;
}

interface Waiter {
  position: number;
  resolve: (reached: boolean) => void;
  timer: NodeJS.Timeout;
}

export const createProjector = (options: ProjectorOptions): Projector => {
  let position = 0;
  let consumer: BusConsumer | null = null;
  let stopping = false;
  const waiters = new Set<Waiter>();

  const advance = (to: number): void => {
    position = to;
    for (const waiter of [...waiters]) {
      if (waiter.position > position) continue;
      clearTimeout(waiter.timer);
      waiters.delete(waiter);
      waiter.resolve(true);
    }
  };

  return {
    name: options.name,
    start: async () => {
      if (consumer) return;
      stopping = false;
      advance(await options.checkpoint.get());
      options.logger?.info({ projector: options.name, position }, 'projector starting');
      consumer = await options.bus.consume({
        groupId: options.name,
        handler: async (event) => {
          // the bus delivers at least once; the checkpoint says what was already applied
          if (event.position <= position) return;
          // a full disk or an unreachable store is waited out on this very event: nothing is skipped, and
          // the projector goes on by itself once writes succeed again (other errors stop it, as before)
          await retryStorageFaults(
            async () => {
              await options.handle(event);
              await options.checkpoint.set(event.position);
            },
            {
              stopped: () => stopping,
              onFault: (error, attempt) => options.logger?.error({ projector: options.name, position: event.position, attempt, err: error }, 'projector waits for the storage'),
            },
          );
          advance(event.position);
        },
        onError: (error) => {
          options.logger?.error({ projector: options.name, position, err: error }, 'projector stopped by an error');
          consumer = null;
          options.onError?.(error);
        },
      });
    },
    stop: async () => {
      stopping = true;
      const running = consumer;
      consumer = null;
      await running?.stop();
    },
    position: () => position,
    waitFor: (wanted, timeoutMs) => {
      if (position >= wanted) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const waiter: Waiter = {
          position: wanted,
          resolve,
          timer: setTimeout(() => {
            waiters.delete(waiter);
            resolve(false);
          }, timeoutMs),
        };
        waiters.add(waiter);
      });
    },
  };
};

export interface DocumentChange {
  collection: string;
  id: string;
  doc: ProjectedDocument | null;
  event: RecordedEvent;
}

export interface DocumentProjectorOptions {
  name: string;
  projections: readonly Projection[];
  bus: EventBus;
  documentStore: DocumentStore;
  cipher: PersonalDataCipher;
  logger?: ProjectorLogger;
  onError?: (error: unknown) => void;
  /** called after each written or deleted document (realtime channel) */
  onChange?: (change: DocumentChange) => void;
}

export interface DocumentProjector extends Projector {
  /**
   * Clears the projections' collections, replays the whole log from the event store, then follows
   * the bus again from where the replay ended.
   */
  rebuild(eventStore: EventStore): Promise<void>;
}

export const CHECKPOINTS_COLLECTION = '_checkpoints';
const REPLAY_BATCH = 500;

interface CheckpointDocument extends ProjectedDocument {
  position: number;
}

export const createDocumentProjector = (options: DocumentProjectorOptions): DocumentProjector => {
  const checkpoints = options.documentStore.collection<CheckpointDocument>(CHECKPOINTS_COLLECTION);
  const checkpoint: ProjectorCheckpoint = {
    get: async () => (await checkpoints.get(options.name))?.position ?? 0,
    set: async (position) => checkpoints.upsert({ _id: options.name, position, _position: position }),
  };

  const apply = async (delivered: RecordedEvent): Promise<void> => {
    const interested = options.projections.filter((projection) => projection.eventTypes.includes(delivered.type));
    if (interested.length === 0) return;
    // a Kafka topic may still carry events as an older version wrote them
    const event = upcastRecordedEvent(delivered);
    const revealed = await options.cipher.reveal(event);
    for (const projection of interested) {
      const collection = collectionName(projection);
      const documents = options.documentStore.collection<ProjectedDocument>(collection);
      for (const id of projection.documentIds(revealed)) {
        const current = await documents.get(id);
        // already applied (redelivery, or replay after a crash between document and checkpoint)
        if (current && current._position >= event.position) continue;
        const next = projection.evolve(current, revealed, id);
        if (next === null) {
          if (!current) continue;
          await documents.delete(id);
          options.onChange?.({ collection, id, doc: null, event });
          continue;
        }
        const doc: ProjectedDocument = { ...next, _id: id, _position: event.position };
        await documents.upsert(doc);
        options.onChange?.({ collection, id, doc, event });
      }
    }
  };

  const projector = createProjector({
    name: options.name,
    bus: options.bus,
    handle: apply,
    checkpoint,
    logger: options.logger,
    onError: options.onError,
  });
  let replayedTo: number | null = null;

  return {
    ...projector,
    // during a rebuild the replay position is the one queries can wait for
    position: () => replayedTo ?? projector.position(),
    rebuild: async (eventStore) => {
      await projector.stop();
      options.logger?.info({ projector: options.name }, 'projector rebuild starting');
      // checkpoint and group go to 0 first: a crash during the replay then restarts it from the beginning
      await checkpoint.set(0);
      await options.bus.resetGroup(options.name);
      for (const projection of options.projections) {
        await options.documentStore.collection(collectionName(projection)).clear();
      }
      replayedTo = 0;
      try {
        for (;;) {
          const batch = await eventStore.readAll({ after: replayedTo, limit: REPLAY_BATCH });
          if (batch.length === 0) break;
          for (const event of batch) {
            await apply(event);
            replayedTo = event.position;
          }
        }
        await checkpoint.set(replayedTo);
      } finally {
        replayedTo = null;
      }
      options.logger?.info({ projector: options.name }, 'projector rebuild replayed, following the bus');
      await projector.start();
    },
  };
};
