import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createTempDir, describeDocumentStoreContract } from '@cn/platform/testing';
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

  it('answers the latest of a large collection through an index on the sort field (no scan, no sort)', async () => {
    const temp = createTempDir('cn-docs');
    const path = join(temp.dir, 'read-models.sqlite');
    const store = createSqliteDocumentStore({ path });
    const audit = store.collection<{ _id: string; position: number; type: string }>('audit_v1');
    for (let position = 1; position <= 300; position += 1) await audit.upsert({ _id: String(position), position, type: position % 3 ? 'A' : 'B' });
    await audit.ensureIndex(['position']);
    await audit.ensureIndex(['type', 'position']);
    const latest = await audit.find({}, { sort: [['position', -1]], limit: 3 });
    expect(latest.map((doc) => doc.position)).toEqual([300, 299, 298]);
    const latestB = await audit.find({ type: 'B' }, { sort: [['position', -1]], limit: 2 });
    expect(latestB.map((doc) => doc.position)).toEqual([300, 297]);

    const inspect = new Database(path, { readonly: true });
    const plan = (sql: string): string =>
      inspect
        .prepare<[], { detail: string }>(`EXPLAIN QUERY PLAN ${sql}`)
        .all()
        .map((row) => row.detail)
        .join('; ');
    const latestSql = `SELECT doc FROM documents WHERE collection = 'audit_v1' AND 1 ORDER BY json_extract(doc, '$.position') DESC, rowid DESC LIMIT 50`;
    expect(plan(latestSql)).toMatch(/USING INDEX documents_audit_v1_by_position\b/);
    expect(plan(latestSql)).not.toMatch(/TEMP B-TREE/);
    // the index is the collection's alone (partial): writes to other collections do not maintain it
    const indexes = inspect.prepare<[], { name: string; sql: string }>(`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND name LIKE 'documents_%'`).all();
    expect(indexes.map((index) => index.name).sort()).toEqual(['documents_audit_v1_by_position', 'documents_audit_v1_by_type__position']);
    for (const index of indexes) expect(index.sql).toMatch(/WHERE collection = 'audit_v1'$/);
    inspect.close();
    await store.close();
    temp.remove();
  });
});
