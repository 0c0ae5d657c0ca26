import { join } from 'node:path';
import { type DocumentStore, createSqliteDocumentStore } from '@cn/platform/document-store';
import { type EventBus, createInProcessEventBus } from '@cn/platform/event-bus';
import { type EventStore, createSqliteEventStore } from '@cn/platform/event-store';
import { type KeyStore, createSqliteKeyStore } from '@cn/platform/key-store';
import { type PersonalDataCipher, createPersonalDataCipher } from '@cn/platform/personal-data';

/** What a projector runs on in one process, kept in one folder: the event log, its bus, the read models, the keys and their cipher. */
export interface EmbeddedStores {
  eventStore: EventStore;
  bus: EventBus;
  documentStore: DocumentStore;
  keyStore: KeyStore;
  cipher: PersonalDataCipher;
  /** closes them, the bus before the log it reads */
  close(): Promise<void>;
}

export const openEmbeddedStores = (dir: string): EmbeddedStores => {
  const eventStore = createSqliteEventStore({ path: join(dir, 'events.sqlite') });
  const bus = createInProcessEventBus({ eventStore, path: join(dir, 'events.sqlite') });
  const documentStore = createSqliteDocumentStore({ path: join(dir, 'read-models.sqlite') });
  const keyStore = createSqliteKeyStore({ path: join(dir, 'keys.sqlite') });
  return {
    eventStore,
    bus,
    documentStore,
    keyStore,
    cipher: createPersonalDataCipher(keyStore),
    close: async () => {
      await bus.close();
      await eventStore.close();
      await documentStore.close();
      await keyStore.close();
    },
  };
};
