import { join } from 'node:path';
import { createTempDir, newTestEvent } from '@cn/platform/testing';
import { createSqliteDocumentStore } from '@cn/platform/document-store';
import { createSqliteEventStore } from '@cn/platform/event-store';
import { storedCheckpoint } from './stored-checkpoint';

describe('storedCheckpoint', () => {
  const temp = createTempDir('cn-stored-checkpoint');
  afterAll(() => temp.remove());

  it('starts a replaying reactor at 0, and a mail reactor at the head it found on its first start, then keeps what it was given', async () => {
    const eventStore = createSqliteEventStore({ path: join(temp.dir, 'events.sqlite') });
    const documentStore = createSqliteDocumentStore({ path: join(temp.dir, 'documents.sqlite') });
    try {
      for (let i = 0; i < 3; i += 1) await eventStore.append('count-1', [newTestEvent('Counted')], { expectedRevision: 'any' });
      const head = await eventStore.headPosition();
      expect(head).toBeGreaterThan(0);

      const replaying = storedCheckpoint(documentStore, 'replaying');
      expect(await replaying.get()).toBe(0);

      const mails = storedCheckpoint(documentStore, 'mails', { startAtHeadOf: eventStore });
      expect(await mails.get()).toBe(head);
      await eventStore.append('count-1', [newTestEvent('Counted')], { expectedRevision: 'any' });
      // the head recorded on the first start stays: what came after it is still to be handled
      expect(await storedCheckpoint(documentStore, 'mails', { startAtHeadOf: eventStore }).get()).toBe(head);

      await replaying.set(2);
      expect(await storedCheckpoint(documentStore, 'replaying').get()).toBe(2);
      expect(await mails.get()).toBe(head);
    } finally {
      await eventStore.close();
      await documentStore.close();
    }
  });
});
