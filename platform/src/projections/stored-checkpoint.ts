import type { DocumentStore } from '@cn/platform/document-store';
import type { EventBus } from '@cn/platform/event-bus';
import type { EventStore, RecordedEvent } from '@cn/platform/event-store';
import { CHECKPOINTS_COLLECTION, createProjector, type Projector, type ProjectorCheckpoint, type ProjectorLogger, type VaryingTypes } from './projection-runner';
import type { ProjectedDocument } from './projection';

interface StoredCheckpoint extends ProjectedDocument {
  position: number;
}

/**
 * A reactor's checkpoint kept in the document store (`_checkpoints`, id = the reactor's name), for
 * `createProjector`. A reactor that must replay history (it appends or deletes what past events ask for)
 * starts from the beginning of the log; one that only sends what happens from now on (mails) passes
 * `startAtHeadOf`: its first start records the log's head, so installing it never mails the past.
 */
export function storedCheckpoint(documentStore: DocumentStore, name: string, options: { startAtHeadOf?: EventStore } = {}): ProjectorCheckpoint {
  const checkpoints = documentStore.collection<StoredCheckpoint>(CHECKPOINTS_COLLECTION);
  // through writeAll: a live reactor's checkpoint after each turn joins the turn's group commit of the
  // document store instead of being a transaction (and a WAL write) of its own
  const set = (position: number): Promise<void> =>
    documentStore.writeAll([{ collection: CHECKPOINTS_COLLECTION, changes: [{ id: name, doc: { _id: name, position, _position: position } }] }]);
  return {
    set,
    get: async () => {
      const stored = await checkpoints.get(name);
      if (stored) return stored.position;
      if (!options.startAtHeadOf) return 0;
      const head = await options.startAtHeadOf.headPosition();
      await set(head);
      return head;
    },
  };
}

export interface ReactorOptions {
  /** the reactor's name: its checkpoint's id and its log lines' `reactor` */
  name: string;
  bus: EventBus;
  eventStore: EventStore;
  documentStore: DocumentStore;
  logger: ProjectorLogger;
  handle: (events: readonly RecordedEvent[]) => Promise<void>;
  /**
   * `start`: it replays the history (it appends or deletes what past events ask for); `head`: it acts only
   * on what happens from its first start on (mails, pushes, requests older than itself)
   */
  from: 'start' | 'head';
  /** what it does, for the line logged when it stops on an error: '<what> stopped' */
  what: string;
  /**
   * the only event types `handle` acts on, when it passes every other by: a catch-up then reads just these
   * from the log (`ProjectorOptions.eventTypes`). Leave it out when `handle` looks at every event.
   */
  eventTypes?: readonly string[];
  /** in place of `eventTypes`, types that change with what `handle` has seen (`ProjectorOptions.varyingTypes`) */
  varyingTypes?: VaryingTypes;
}

/**
 * A reactor: a projector over the whole log with its checkpoint in the document store, catching up from the
 * event store before it follows the bus, and a failing event logged and stopping it (nothing skipped).
 */
export const createReactor = (options: ReactorOptions): Projector =>
  createProjector({
    name: options.name,
    bus: options.bus,
    eventStore: options.eventStore,
    handle: options.handle,
    eventTypes: options.eventTypes,
    varyingTypes: options.varyingTypes,
    checkpoint: storedCheckpoint(options.documentStore, options.name, options.from === 'head' ? { startAtHeadOf: options.eventStore } : {}),
    logger: options.logger,
    onError: (error) => options.logger.error({ err: error, reactor: options.name }, `${options.what} stopped`),
  });
