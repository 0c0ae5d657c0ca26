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

// the same behaviour from collections kept in tables of their own (the audit log's layout), with strings,
// numbers, nulls, objects and missing values in the column fields
describeDocumentStoreContract(
  'sqlite',
  {
    available: true,
    create: () => {
      const temp = createTempDir('cn-docs');
      const subject = createSqliteDocumentStore({ path: join(temp.dir, 'read-models.sqlite') });
      return Promise.resolve({ subject, cleanup: async () => { await subject.close(); temp.remove(); } });
    },
  },
  { columns: ['name', 'age', 'status', 'address', 'v', 'w'] },
);

/** SQLite's plan for a query, its steps joined */
const planOf = (db: Database.Database, sql: string): string =>
  db
    .prepare<[], { detail: string }>(`EXPLAIN QUERY PLAN ${sql}`)
    .all()
    .map((row) => row.detail)
    .join('; ');

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
    const plan = (sql: string): string => planOf(inspect, sql);
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

/** the names of the indexes on the audit_v2 table of the file at `path`, sorted */
const auditIndexes = (path: string): string[] => {
  const inspect = new Database(path, { readonly: true });
  const names = inspect.prepare<[], { name: string }>(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'c:audit_v2'`).all().map((index) => index.name);
  inspect.close();
  return names.sort();
};

describe('sqlite document store: a collection in a table of its own', () => {
  it('keeps the column fields in real columns, indexes them without JSON, remembers the layout and drops the table on clear', async () => {
    const temp = createTempDir('cn-docs');
    const path = join(temp.dir, 'read-models.sqlite');
    const store = createSqliteDocumentStore({ path });
    type Entry = { _id: string; position: number; type: string; who: string | null; data: unknown };
    const audit = store.collection<Entry>('audit_v2', { columns: ['position', 'type', 'who'] });
    await store.writeAll([
      { collection: 'audit_v2', changes: Array.from({ length: 300 }, (_v, i) => ({ id: `e${i + 1}`, doc: { _id: `e${i + 1}`, position: i + 1, type: i % 3 ? 'A' : 'B', who: i % 2 ? 'm1' : null, data: { n: i } }, created: true })) },
    ]);
    await audit.ensureIndex(['position']);
    await audit.ensureIndex(['type', 'position']);
    expect(await audit.get('e3')).toEqual({ _id: 'e3', position: 3, type: 'A', who: null, data: { n: 2 } });
    expect((await audit.find({ type: 'B' }, { sort: [['position', -1]], limit: 2 })).map((doc) => doc.position)).toEqual([298, 295]);
    // a write that says `created` is a plain insert: an id already there is refused, not overwritten. (Matched by
    // its code: better-sqlite3's error class comes from the first spec file of the worker that loaded it, so
    // `toThrow` does not see an Error of this file's realm when other specs ran before.)
    await expect(store.writeAll([{ collection: 'audit_v2', changes: [{ id: 'e1', doc: { _id: 'e1', position: 1 }, created: true }] }])).rejects.toHaveProperty(
      'code',
      'SQLITE_CONSTRAINT_UNIQUE',
    );
    await store.close();

    const inspect = new Database(path, { readonly: true });
    const columns = inspect.prepare<[], { name: string }>(`SELECT name FROM pragma_table_info('c:audit_v2')`).all().map((column) => column.name);
    expect(columns).toEqual(['id', 'position', 'type', 'who', 'rest']);
    const plan = inspect
      .prepare<[], { detail: string }>(`EXPLAIN QUERY PLAN SELECT id, "position", "type", "who", rest FROM "c:audit_v2" WHERE 1 AND ((COALESCE(NULLIF(typeof("type"), 'null'), json_type(rest, '$.type')) IS 'text' AND "type" = 'B')) ORDER BY "position" DESC, rowid DESC LIMIT 50`)
      .all()
      .map((row) => row.detail)
      .join('; ');
    // the query the store writes for { type: 'B' }, latest first
    expect(plan).toMatch(/USING INDEX c:audit_v2:by:type__position/);
    expect(plan).not.toMatch(/TEMP B-TREE/);
    expect(inspect.prepare(`SELECT COUNT(*) AS n FROM documents`).get()).toEqual({ n: 0 });
    inspect.close();

    const reopened = createSqliteDocumentStore({ path });
    // opened without options: the store knows the collection's table
    expect(await reopened.collection('audit_v2').count({ who: 'm1' })).toBe(150);
    expect(() => reopened.collection('audit_v2', { columns: ['position'] })).toThrow(/keeps the columns/);
    await reopened.collection('audit_v2').clear();
    expect(await reopened.collection('audit_v2').count()).toBe(0);
    await reopened.close();
    const after = new Database(path, { readonly: true });
    expect(after.prepare<[], { name: string }>(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'c:audit_v2'`).all().map((index) => index.name)).toEqual(['c:audit_v2:id']);
    after.close();
    temp.remove();
  });

  it('keeps a row key as the table\'s INTEGER PRIMARY KEY: rows in its order, no index of it alone, none copying it, the same answers', async () => {
    const temp = createTempDir('cn-docs');
    const path = join(temp.dir, 'read-models.sqlite');
    const store = createSqliteDocumentStore({ path });
    type Entry = { _id: string; position: number; type: string; who: string | null; data: unknown };
    const layout = { columns: ['position', 'type', 'who'], rowKey: 'position' };
    const audit = store.collection<Entry>('audit_v3', layout);
    const entry = (i: number): Entry => ({ _id: `e${i}`, position: i, type: i % 3 ? 'A' : 'B', who: i % 2 ? 'm1' : null, data: { n: i } });
    await store.writeAll([{ collection: 'audit_v3', changes: Array.from({ length: 300 }, (_v, i) => ({ id: `e${i + 1}`, doc: entry(i + 1), created: true })) }]);
    for (const fields of [['position'], ['type', 'position'], ['who', 'position']]) await audit.ensureIndex(fields);
    expect(await audit.get('e3')).toEqual(entry(3));
    expect((await audit.find({ type: 'B' }, { sort: [['position', -1]], limit: 2 })).map((doc) => doc.position)).toEqual([300, 297]);
    expect((await audit.find({ $and: [{ type: 'A' }, { position: { $lt: 100 } }] }, { sort: [['position', -1]], limit: 2 })).map((doc) => doc._id)).toEqual(['e98', 'e97']);
    expect((await audit.find({ $or: [{ who: 'm1' }, { type: 'B' }] }, { sort: [['position', 1]], limit: 3 })).map((doc) => doc.position)).toEqual([1, 3, 5]);
    expect(await audit.count({ who: 'm1' })).toBe(150);
    // a document without an integer key, and a second document with a key already there, are refused
    await expect(store.writeAll([{ collection: 'audit_v3', changes: [{ id: 'x', doc: { _id: 'x', type: 'A' }, created: true }] }])).rejects.toThrow(/row key/);
    await expect(store.writeAll([{ collection: 'audit_v3', changes: [{ id: 'x', doc: { _id: 'x', position: 1.5, type: 'A' }, created: true }] }])).rejects.toThrow(/row key/);
    await expect(store.writeAll([{ collection: 'audit_v3', changes: [{ id: 'x', doc: { _id: 'x', position: 7, type: 'A' }, created: true }] }])).rejects.toHaveProperty(
      'code',
      'SQLITE_CONSTRAINT_PRIMARYKEY',
    );
    // an upsert by id moves nothing else
    await audit.upsert({ ...entry(7), type: 'C' });
    expect(await audit.count({ type: 'C' })).toBe(1);
    expect(await audit.count()).toBe(300);
    await store.close();

    const inspect = new Database(path, { readonly: true });
    const table = inspect.prepare<[], { name: string; pk: number }>(`SELECT name, pk FROM pragma_table_info('c:audit_v3')`).all();
    expect(table.map((column) => column.name)).toEqual(['id', 'position', 'type', 'who', 'rest']);
    expect(table.find((column) => column.pk === 1)?.name).toBe('position');
    const indexes = inspect.prepare<[], { name: string; sql: string }>(`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'c:audit_v3' ORDER BY name`).all();
    expect(indexes.map((index) => index.name)).toEqual(['c:audit_v3:by:type__position', 'c:audit_v3:by:who__position', 'c:audit_v3:id']);
    expect(indexes[0].sql).toMatch(/\("type"\)$/);
    const plan = (sql: string): string => planOf(inspect, sql);
    // the queries the store writes for the audit's lists, latest first: by type after a cursor, and all
    const byType = `SELECT id, "position", "type", "who", rest FROM "c:audit_v3" WHERE 1 AND (((COALESCE(NULLIF(typeof("type"), 'null'), json_type(rest, '$.type')) IS 'text' AND "type" = 'B') AND (COALESCE(NULLIF(typeof("position"), 'null'), json_type(rest, '$.position')) IN ('integer', 'real') AND "position" < 200))) ORDER BY "position" DESC, rowid DESC LIMIT 50`;
    expect(plan(byType)).toMatch(/USING INDEX c:audit_v3:by:type__position \(type=\? AND rowid<\?\)/);
    expect(plan(byType)).not.toMatch(/TEMP B-TREE/);
    const latest = `SELECT id, "position", "type", "who", rest FROM "c:audit_v3" WHERE 1 AND 1 ORDER BY "position" DESC, rowid DESC LIMIT 50`;
    expect(plan(latest)).toBe('SCAN c:audit_v3');
    inspect.close();

    // opened again without options, the store finds the key; another key, or none, is refused
    const reopened = createSqliteDocumentStore({ path });
    expect((await reopened.collection<Entry>('audit_v3').find({}, { sort: [['position', -1]], limit: 1 }))[0]).toEqual(entry(300));
    expect(() => reopened.collection('audit_v3', { columns: layout.columns })).toThrow(/row key position, not none/);
    expect(() => reopened.collection('audit_v3', { columns: layout.columns, rowKey: 'type' })).toThrow(/row key position, not type/);
    // cleared and refilled, it keeps its key
    const again = reopened.collection<Entry>('audit_v3', layout);
    await again.clear();
    await reopened.writeAll([{ collection: 'audit_v3', changes: [{ id: 'e9', doc: entry(9), created: true }] }]);
    expect(await again.get('e9')).toEqual(entry(9));
    expect(() => reopened.collection('audit_v4', { columns: ['type'], rowKey: 'position' })).toThrow(/not one of the columns/);
    await reopened.close();
    const after = new Database(path, { readonly: true });
    expect(after.prepare<[], { name: string }>(`SELECT name FROM pragma_table_info('c:audit_v3') WHERE pk = 1`).get()).toEqual({ name: 'position' });
    after.close();
    temp.remove();
  });

  it('refills a cleared table without its id index, and builds it once anything reaches a document by id', async () => {
    const temp = createTempDir('cn-docs');
    const path = join(temp.dir, 'read-models.sqlite');
    const store = createSqliteDocumentStore({ path });
    type Entry = { _id: string; position: number; type: string };
    const audit = store.collection<Entry>('audit_v2', { columns: ['position', 'type'] });
    await audit.upsert({ _id: 'old', position: 1, type: 'A' });
    await audit.clear();
    await store.writeAll([{ collection: 'audit_v2', changes: Array.from({ length: 50 }, (_v, i) => ({ id: `e${i + 1}`, doc: { _id: `e${i + 1}`, position: i + 1, type: 'A' }, created: true })) }]);
    const indexes = (): string[] => auditIndexes(path);
    // the replay's inserts went in without it
    expect(indexes()).toEqual([]);
    expect(await audit.count()).toBe(50);
    // a read by id builds it, and from then on an id already there is refused and an upsert replaces
    expect(await audit.get('e7')).toEqual({ _id: 'e7', position: 7, type: 'A' });
    expect(indexes()).toEqual(['c:audit_v2:id']);
    await expect(store.writeAll([{ collection: 'audit_v2', changes: [{ id: 'e1', doc: { _id: 'e1', position: 1, type: 'A' }, created: true }] }])).rejects.toHaveProperty(
      'code',
      'SQLITE_CONSTRAINT_UNIQUE',
    );
    await audit.upsert({ _id: 'e1', position: 1, type: 'B' });
    expect(await audit.count({ type: 'B' })).toBe(1);
    // an upsert right after a clear builds it too; a store closed before anything did leaves it built
    await audit.clear();
    await audit.upsert({ _id: 'x', position: 1, type: 'A' });
    await audit.upsert({ _id: 'x', position: 2, type: 'A' });
    expect(await audit.count()).toBe(1);
    await audit.clear();
    await store.writeAll([{ collection: 'audit_v2', changes: [{ id: 'y', doc: { _id: 'y', position: 1, type: 'A' }, created: true }] }]);
    await store.close();
    expect(indexes()).toEqual(['c:audit_v2:id']);
    temp.remove();
  });

  it('defers the indexes of a filled table (deferIndexes) and builds each again with the next ensureIndex of its fields, a document inserted twice kept once', async () => {
    const temp = createTempDir('cn-docs');
    const path = join(temp.dir, 'read-models.sqlite');
    const store = createSqliteDocumentStore({ path });
    type Entry = { _id: string; position: number; type: string };
    const audit = store.collection<Entry>('audit_v2', { columns: ['position', 'type'] });
    await audit.ensureIndex(['type', 'position']);
    for (let i = 1; i <= 3; i += 1) await audit.upsert({ _id: `e${i}`, position: i, type: 'A' });
    const indexes = (): string[] => auditIndexes(path);
    expect(indexes()).toEqual(['c:audit_v2:by:type__position', 'c:audit_v2:id']);
    await audit.deferIndexes?.();
    expect(indexes()).toEqual([]);
    // queries meanwhile scan: still right
    expect((await audit.find({ type: 'A' }, { sort: [['position', -1]], limit: 1 })).map((doc) => doc._id)).toEqual(['e3']);
    // new documents inserted meanwhile; one of them twice (two writers of the same event's document)
    const created = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_v, i) => ({ id: `e${from + i}`, doc: { _id: `e${from + i}`, position: from + i, type: 'A' }, created: true }));
    await store.writeAll([{ collection: 'audit_v2', changes: created(4, 40) }]);
    await store.writeAll([{ collection: 'audit_v2', changes: created(40, 41) }]);
    expect(await audit.count()).toBe(42);
    await audit.ensureIndex(['type', 'position']);
    expect(indexes()).toEqual(['c:audit_v2:by:type__position', 'c:audit_v2:id']);
    expect(await audit.count()).toBe(41);
    expect(await audit.get('e40')).toEqual({ _id: 'e40', position: 40, type: 'A' });
    // the upsert names the index again
    await audit.upsert({ _id: 'e40', position: 40, type: 'B' });
    expect(await audit.count({ type: 'B' })).toBe(1);
    // the JSON table keeps its key: nothing to defer
    await store.collection('members_v1').deferIndexes?.();
    await store.collection('members_v1').upsert({ _id: 'm1' });
    await store.collection('members_v1').upsert({ _id: 'm1' });
    expect(await store.collection('members_v1').count()).toBe(1);
    await store.close();
    temp.remove();
  });
});
