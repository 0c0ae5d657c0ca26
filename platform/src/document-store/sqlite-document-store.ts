import Database, { type Statement } from 'better-sqlite3';
import { createLruCache } from '@cn/domain';
import { privateFile } from '@cn/platform/files';
import type {
  CollectionWrites,
  Document,
  DocumentCollection,
  DocumentStore,
  FieldCondition,
  Filter,
  FindOptions,
  Scalar,
} from './document-store';
import { DocumentConflictError, versionOf, type DocumentWrite } from './document-store';

export interface SqliteDocumentStoreOptions {
  path: string;
}

/** Field paths become JSON paths inside SQL text, so only plain dotted identifiers are accepted. */
const SAFE_PATH = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)*$/;

type Param = string | number | null;

const STATEMENT_CACHE_LIMIT = 500;

/** better-sqlite3 is synchronous; the ports are not: answer the work's result, or its error, as a promise */
const settle = <T>(work: () => T): Promise<T> => new Promise<T>((resolve) => resolve(work()));

interface Sql {
  text: string;
  params: Param[];
}

const OPERATORS = new Set(['$eq', '$ne', '$in', '$nin', '$gt', '$gte', '$lt', '$lte', '$exists', '$contains', '$like']);

/**
 * The path goes into the SQL text as a literal (SAFE_PATH admits no quote), so that the planner can match
 * `json_extract(doc, '$.field')` with an index on the same expression (ensureIndex).
 */
const jsonPath = (field: string): string => {
  if (!SAFE_PATH.test(field)) throw new Error(`invalid field path: ${field}`);
  return `'$.${field}'`;
};

const isCondition = (value: unknown): value is FieldCondition =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.keys(value).length > 0 &&
  Object.keys(value).every((key) => key.startsWith('$'));

/**
 * MongoDB semantics, so that both adapters answer alike: equality is strict on the JSON type
 * (true is not 1, '1' is not 1), `null` matches a missing field, `$ne`/`$nin` match missing fields,
 * range operators only compare values of the operand's type.
 */
const equals = (path: string, value: Scalar): Sql => {
  if (value === null) return { text: `json_extract(doc, ${path}) IS NULL`, params: [] };
  if (typeof value === 'boolean') return { text: `json_type(doc, ${path}) IS '${value ? 'true' : 'false'}'`, params: [] };
  if (typeof value === 'number') {
    return {
      text: `(json_type(doc, ${path}) IN ('integer', 'real') AND json_extract(doc, ${path}) = ?)`,
      params: [value],
    };
  }
  return { text: `(json_type(doc, ${path}) IS 'text' AND json_extract(doc, ${path}) = ?)`, params: [value] };
};

const not = (sql: Sql): Sql => ({ text: `NOT COALESCE(${sql.text}, 0)`, params: sql.params });

const anyOf = (sqls: Sql[], empty: string): Sql =>
  sqls.length === 0
    ? { text: empty, params: [] }
    : { text: `(${sqls.map((sql) => sql.text).join(' OR ')})`, params: sqls.flatMap((sql) => sql.params) };

const allOf = (sqls: Sql[]): Sql =>
  sqls.length === 0
    ? { text: '1', params: [] }
    : { text: `(${sqls.map((sql) => sql.text).join(' AND ')})`, params: sqls.flatMap((sql) => sql.params) };

const compare = (path: string, operator: '>' | '>=' | '<' | '<=', value: string | number): Sql => ({
  text: `(json_type(doc, ${path}) ${typeof value === 'number' ? `IN ('integer', 'real')` : `IS 'text'`} AND json_extract(doc, ${path}) ${operator} ?)`,
  params: [value],
});

const contains = (path: string, value: Scalar): Sql => {
  const element =
    value === null
      ? { text: `type = 'null'`, params: [] }
      : typeof value === 'boolean'
        ? { text: `type = '${value ? 'true' : 'false'}'`, params: [] }
        : {
            text: `type IN (${typeof value === 'number' ? `'integer', 'real'` : `'text'`}) AND value = ?`,
            params: [value],
          };
  return {
    text: `(json_type(doc, ${path}) IS 'array' AND EXISTS (SELECT 1 FROM json_each(doc, ${path}) WHERE ${element.text}))`,
    params: [...element.params],
  };
};

const condition = (path: string, cond: FieldCondition): Sql => {
  const parts: Sql[] = [];
  for (const [operator, operand] of Object.entries(cond) as [keyof FieldCondition, unknown][]) {
    if (operand === undefined) continue;
    if (!OPERATORS.has(operator)) throw new Error(`unsupported operator: ${operator}`);
    switch (operator) {
      case '$eq':
        parts.push(equals(path, operand as Scalar));
        break;
      case '$ne':
        parts.push(not(equals(path, operand as Scalar)));
        break;
      case '$in':
        parts.push(anyOf((operand as Scalar[]).map((value) => equals(path, value)), '0'));
        break;
      case '$nin':
        parts.push(not(anyOf((operand as Scalar[]).map((value) => equals(path, value)), '0')));
        break;
      case '$gt':
        parts.push(compare(path, '>', operand as string | number));
        break;
      case '$gte':
        parts.push(compare(path, '>=', operand as string | number));
        break;
      case '$lt':
        parts.push(compare(path, '<', operand as string | number));
        break;
      case '$lte':
        parts.push(compare(path, '<=', operand as string | number));
        break;
      case '$exists':
        parts.push({ text: `json_type(doc, ${path}) IS ${operand ? 'NOT NULL' : 'NULL'}`, params: [] });
        break;
      case '$contains':
        parts.push(contains(path, operand as Scalar));
        break;
      case '$like':
        parts.push({
          text: `(json_type(doc, ${path}) IS 'text' AND cn_icontains(json_extract(doc, ${path}), ?))`,
          params: [operand as string],
        });
        break;
    }
  }
  return allOf(parts);
};

const filterToSql = (filter: Filter = {}): Sql => {
  const parts: Sql[] = [];
  for (const [field, value] of Object.entries(filter)) {
    if (value === undefined) continue;
    if (field === '$and' || field === '$or') {
      const subFilters = (value as Filter[]).map(filterToSql);
      parts.push(field === '$and' ? allOf(subFilters) : anyOf(subFilters, '0'));
      continue;
    }
    const path = jsonPath(field);
    if (isCondition(value)) parts.push(condition(path, value));
    else if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) parts.push(equals(path, value as Scalar));
    else throw new Error(`unsupported filter value for ${field}`);
  }
  return allOf(parts);
};

/** Ties go by insertion, in the direction of the last key: an index on the sort fields then serves the order whole. */
const orderBy = (sort: FindOptions['sort']): Sql => {
  if (!sort || sort.length === 0) return { text: 'ORDER BY rowid', params: [] };
  const last = sort[sort.length - 1][1] === -1 ? 'DESC' : 'ASC';
  return {
    text: `ORDER BY ${sort.map(([field, direction]) => `json_extract(doc, ${jsonPath(field)}) ${direction === -1 ? 'DESC' : 'ASC'}`).join(', ')}, rowid ${last}`,
    params: [],
  };
};

export const createSqliteDocumentStore = (options: SqliteDocumentStoreOptions): DocumentStore => {
  const db = new Database(privateFile(options.path));
  db.pragma('journal_mode = WAL');
  // read models can always be rebuilt from the event log, so NORMAL durability is enough
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  db.exec(`
    CREATE TABLE IF NOT EXISTS documents (
      collection TEXT NOT NULL,
      id TEXT NOT NULL,
      doc TEXT NOT NULL,
      PRIMARY KEY (collection, id)
    );
  `);
  db.function('cn_icontains', { deterministic: true }, (haystack: unknown, needle: unknown) =>
    typeof haystack === 'string' && typeof needle === 'string'
      ? Number(haystack.toLowerCase().includes(needle.toLowerCase()))
      : 0,
  );

  const selectOne = db.prepare<[string, string], { doc: string }>('SELECT doc FROM documents WHERE collection = ? AND id = ?');
  const upsertOne = db.prepare<[string, string, string]>(
    `INSERT INTO documents (collection, id, doc) VALUES (?, ?, ?)
     ON CONFLICT (collection, id) DO UPDATE SET doc = excluded.doc`,
  );
  const deleteOne = db.prepare<[string, string]>('DELETE FROM documents WHERE collection = ? AND id = ?');
  const deleteAll = db.prepare<[string]>('DELETE FROM documents WHERE collection = ?');
  const moveAll = db.prepare<[string, string]>('UPDATE documents SET collection = ? WHERE collection = ?');
  const writeChanges = (name: string, changes: readonly DocumentWrite[]): void => {
    for (const { id, doc, ifVersion } of changes) {
      if (ifVersion !== undefined) {
        const stored = selectOne.get(name, id);
        // throwing inside the transaction rolls the whole writeAll back
        if (versionOf(stored ? (JSON.parse(stored.doc) as Document) : null) !== ifVersion) throw new DocumentConflictError(name, id);
      }
      if (doc === null) deleteOne.run(name, id);
      else upsertOne.run(name, id, JSON.stringify(doc));
    }
  };
  const writeBatch = db.transaction(writeChanges);

  /** the statements of find, count and deleteMany, by their SQL text (the shapes a service asks are few) */
  const statements = createLruCache<Statement<Param[], unknown>>(STATEMENT_CACHE_LIMIT);
  const statement = <Row>(sql: string): Statement<Param[], Row> => {
    let prepared = statements.get(sql);
    if (!prepared) {
      prepared = db.prepare<Param[], unknown>(sql);
      statements.set(sql, prepared);
    }
    return prepared as Statement<Param[], Row>;
  };
  const indexed = new Set<string>();

  const collection = <T extends Document = Document>(name: string): DocumentCollection<T> => {
    const parse = (row: { doc: string }): T => JSON.parse(row.doc) as T;
    // the collection is written into the statement (not bound), so that the planner can use the collection's
    // partial indexes (ensureIndex), whose WHERE names it the same way
    const ofThisCollection = `collection = '${name.replace(/'/g, "''")}'`;
    const where = (filter?: Filter): Sql => {
      const sql = filterToSql(filter);
      return { text: `WHERE ${ofThisCollection} AND ${sql.text}`, params: sql.params };
    };
    return {
      get: (id) => settle(() => {
        const row = selectOne.get(name, id);
        return row ? parse(row) : null;
      }),
      getMany: (ids) => settle(() => {
        const unique = [...new Set(ids)];
        if (unique.length === 0) return [];
        const rows = db
          .prepare<Param[], { id: string; doc: string }>(
            `SELECT id, doc FROM documents WHERE collection = ? AND id IN (SELECT value FROM json_each(?))`,
          )
          .all(name, JSON.stringify(unique));
        const byId = new Map(rows.map((row) => [row.id, parse(row)]));
        return unique.flatMap((id) => {
          const doc = byId.get(id);
          return doc ? [doc] : [];
        });
      }),
      find: (filter, findOptions = {}) => settle(() => {
        const condition = where(filter);
        const order = orderBy(findOptions.sort);
        const rows = statement<{ doc: string }>(`SELECT doc FROM documents ${condition.text} ${order.text} LIMIT ? OFFSET ?`).all(
          ...condition.params,
          ...order.params,
          findOptions.limit ?? -1,
          findOptions.skip ?? 0,
        );
        return rows.map(parse);
      }),
      count: (filter) => settle(() => {
        const condition = where(filter);
        const row = statement<{ n: number }>(`SELECT COUNT(*) AS n FROM documents ${condition.text}`).get(...condition.params);
        return row?.n ?? 0;
      }),
      upsert: (doc) => settle(() => {
        upsertOne.run(name, doc._id, JSON.stringify(doc));
      }),
      delete: (id) => settle(() => {
        deleteOne.run(name, id);
      }),
      deleteMany: (filter) => settle(() => {
        const condition = where(filter);
        return statement(`DELETE FROM documents ${condition.text}`).run(...condition.params).changes;
      }),
      // the collection's own indexes go with its documents and come back with the next ensureIndex: a
      // collection refilled from scratch (a rebuilt read model) builds them once over all its rows, which
      // is much faster than keeping them up to date row by row
      clear: () => settle(() => {
        const prefix = `documents_${name.replace(/[^A-Za-z0-9_]/g, '_')}_by_`;
        const own = db.prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'documents'").all();
        db.transaction(() => {
          for (const index of own) if (index.name.startsWith(prefix)) db.exec(`DROP INDEX IF EXISTS "${index.name}"`);
          deleteAll.run(name);
        })();
        for (const key of [...indexed]) if (key.startsWith(`${name}:`)) indexed.delete(key);
      }),
      writeMany: (changes) => settle(() => {
        writeBatch(name, changes);
      }),
      // one transaction: a reader (same process or another) sees the old rows or the new ones; the source's
      // own partial indexes would stay empty, so they go
      replaceWith: (source) => settle(() => {
        if (source === name) return;
        const sourcePrefix = `documents_${source.replace(/[^A-Za-z0-9_]/g, '_')}_by_`;
        const own = db.prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'documents'").all();
        db.transaction(() => {
          deleteAll.run(name);
          moveAll.run(name, source);
          for (const index of own) if (index.name.startsWith(sourcePrefix)) db.exec(`DROP INDEX IF EXISTS "${index.name}"`);
        })();
        for (const key of [...indexed]) if (key.startsWith(`${source}:`)) indexed.delete(key);
      }),
      // a partial index of this collection alone: the other collections' writes do not maintain it
      ensureIndex: (fields) => settle(() => {
        const columns = fields.map((field) => `json_extract(doc, ${jsonPath(field)})`);
        const fieldsName = fields.map((field) => field.replace(/\./g, '_')).join('__');
        const key = `${name}:${fieldsName}`;
        if (indexed.has(key)) return;
        const indexName = `documents_${name.replace(/[^A-Za-z0-9_]/g, '_')}_by_${fieldsName}`;
        db.exec(`CREATE INDEX IF NOT EXISTS "${indexName}" ON documents (collection, ${columns.join(', ')}) WHERE ${ofThisCollection}`);
        // the index earlier versions kept on these fields over every collection
        db.exec(`DROP INDEX IF EXISTS "documents_by_${fieldsName}"`);
        indexed.add(key);
      }),
    };
  };

  const writeAll = db.transaction((writes: readonly CollectionWrites[]) => {
    for (const { collection: name, changes } of writes) writeChanges(name, changes);
  });
  /**
   * Group commit: the writeAll calls of one turn of the event loop (the projectors of a process, each
   * writing its turn) share one transaction, in the order they came. Should it fail, each is tried alone,
   * so that one projector's bad document fails only its own write.
   */
  interface QueuedWrite {
    writes: readonly CollectionWrites[];
    resolve: () => void;
    reject: (error: unknown) => void;
  }
  let queued: QueuedWrite[] = [];
  const commitQueued = (): void => {
    const batch = queued;
    queued = [];
    if (batch.length === 0) return;
    try {
      if (!db.open) throw new Error('the document store is closed');
      writeAll(batch.flatMap((write) => write.writes));
      for (const write of batch) write.resolve();
    } catch {
      for (const write of batch) {
        try {
          writeAll(write.writes);
          write.resolve();
        } catch (error) {
          write.reject(error);
        }
      }
    }
  };

  return {
    collection,
    writeAll: (writes) =>
      new Promise<void>((resolve, reject) => {
        queued.push({ writes, resolve, reject });
        if (queued.length === 1) setImmediate(commitQueued);
      }),
    close: () => settle(() => {
      commitQueued();
      if (db.open) db.close();
    }),
  };
};
