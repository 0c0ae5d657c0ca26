import { join } from 'node:path';
import { createTempDir, describeDocumentStoreContract } from '../testing';
import { createSqliteDocumentStore } from './sqlite-document-store';

describeDocumentStoreContract('sqlite', {
  available: true,
  create: () => {
    const temp = createTempDir('cn-docs');
    const subject = createSqliteDocumentStore({ path: join(temp.dir, 'read-models.sqlite') });
    return Promise.resolve({ subject, cleanup: async () => { await subject.close(); temp.remove(); } });
  },
});

describe('sqlite document store on disk', () => {
  it('keeps documents across a reopen', async () => {
    const temp = createTempDir('cn-docs');
    const path = join(temp.dir, 'read-models.sqlite');
    const first = createSqliteDocumentStore({ path });
    await first.collection('members_v1').upsert({ _id: 'm1', name: 'Ada', flags: { admin: true } });
    await first.close();
    const reopened = createSqliteDocumentStore({ path });
    expect(await reopened.collection('members_v1').find({ 'flags.admin': true })).toEqual([
      { _id: 'm1', name: 'Ada', flags: { admin: true } },
    ]);
    await reopened.close();
    temp.remove();
  });
});
