import type { StateSnapshot, StateSnapshots } from '@cn/domain';
import type { Document, DocumentStore } from '@cn/platform/document-store';

export const SNAPSHOTS_COLLECTION = '_snapshots';

interface SnapshotDocument extends Document {
  _id: string;
  revision: number;
  state: unknown;
}

/** Deciders' snapshots (Decider.snapshot) in a collection of the document store: MongoDB or the embedded SQLite. */
export const documentSnapshots = (documentStore: DocumentStore): StateSnapshots => {
  const collection = documentStore.collection<SnapshotDocument>(SNAPSHOTS_COLLECTION);
  return {
    load: async (key): Promise<StateSnapshot | null> => {
      const doc = await collection.get(key);
      return doc ? { revision: doc.revision, state: doc.state } : null;
    },
    save: (key, snapshot) => collection.upsert({ _id: key, revision: snapshot.revision, state: snapshot.state }),
  };
};
