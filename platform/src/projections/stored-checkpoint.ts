import type { DocumentStore } from '@cn/platform/document-store';
import type { EventStore } from '@cn/platform/event-store';
import { CHECKPOINTS_COLLECTION, type ProjectorCheckpoint } from './projection-runner';
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
