import Database, { type Statement } from 'better-sqlite3';
import { createLruCache } from '@cn/domain';
import { privateFile } from '@cn/platform/files';
import type {
  CollectionOptions,
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
 * How SQL reaches a field: `value` is its scalar value (NULL when missing or not a scalar), `type` its JSON
 * type name as json_type answers it (NULL when missing), `json` the arguments that open it for json_each. A
 * field inside the JSON text is `json_extract(<column>, '$.path')`, written the same way as in the
 * collection's expression indexes (ensureIndex) so that the planner matches them; a field kept in a column
 * of its own is that column, its type taken from the rest of the document when the column holds no value.
 */
interface FieldSql {
  value: string;
  type: string;
  json: string;
  /** true when the field is missing or null (kept index-friendly for a JSON field) */
  missingOrNull: string;
}

const inJson = (column: string, field: string): FieldSql => {
  const path = jsonPath(field);
  return { value: `json_extract(${column}, ${path})`, type: `json_type(${column}, ${path})`, json: `${column}, ${path}`, missingOrNull: `json_extract(${column}, ${path}) IS NULL` };
};

/** a column field: strings and numbers in the column, anything else (null, booleans, objects) in `rest` */
const inColumn = (column: string): FieldSql => {
  const path = jsonPath(column);
  return {
    value: `"${column}"`,
    type: `COALESCE(NULLIF(typeof("${column}"), 'null'), json_type(rest, ${path}))`,
    json: `rest, ${path}`,
    missingOrNull: `("${column}" IS NULL AND json_extract(rest, ${path}) IS NULL)`,
  };
};

type FieldOf = (field: string) => FieldSql;

/** the id of a collection in a table of its own: its `id` column (never missing, always text) */
const ID_FIELD: FieldSql = { value: 'id', type: `'text'`, json: `json_quote(id)`, missingOrNull: '0' };

/**
 * MongoDB semantics, so that both adapters answer alike: equality is strict on the JSON type
 * (true is not 1, '1' is not 1), `null` matches a missing field, `$ne`/`$nin` match missing fields,
 * range operators only compare values of the operand's type.
 */
const equals = (at: FieldSql, value: Scalar): Sql => {
  if (value === null) return { text: at.missingOrNull, params: [] };
  if (typeof value === 'boolean') return { text: `${at.type} IS '${value ? 'true' : 'false'}'`, params: [] };
  if (typeof value === 'number') {
    return {
      text: `(${at.type} IN ('integer', 'real') AND ${at.value} = ?)`,
      params: [value],
    };
  }
  return { text: `(${at.type} IS 'text' AND ${at.value} = ?)`, params: [value] };
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

const compare = (at: FieldSql, operator: '>' | '>=' | '<' | '<=', value: string | number): Sql => ({
  text: `(${at.type} ${typeof value === 'number' ? `IN ('integer', 'real')` : `IS 'text'`} AND ${at.value} ${operator} ?)`,
  params: [value],
});

const contains = (at: FieldSql, value: Scalar): Sql => {
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
    text: `(${at.type} IS 'array' AND EXISTS (SELECT 1 FROM json_each(${at.json}) WHERE ${element.text}))`,
    params: [...element.params],
  };
};

const condition = (at: FieldSql, cond: FieldCondition): Sql => {
  const parts: Sql[] = [];
  for (const [operator, operand] of Object.entries(cond) as [keyof FieldCondition, unknown][]) {
    if (operand === undefined) continue;
    if (!OPERATORS.has(operator)) throw new Error(`unsupported operator: ${operator}`);
    switch (operator) {
      case '$eq':
        parts.push(equals(at, operand as Scalar));
        break;
      case '$ne':
        parts.push(not(equals(at, operand as Scalar)));
        break;
      case '$in':
        parts.push(anyOf((operand as Scalar[]).map((value) => equals(at, value)), '0'));
        break;
      case '$nin':
        parts.push(not(anyOf((operand as Scalar[]).map((value) => equals(at, value)), '0')));
        break;
      case '$gt':
        parts.push(compare(at, '>', operand as string | number));
        break;
      case '$gte':
        parts.push(compare(at, '>=', operand as string | number));
        break;
      case '$lt':
        parts.push(compare(at, '<', operand as string | number));
        break;
      case '$lte':
        parts.push(compare(at, '<=', operand as string | number));
        break;
      case '$exists':
        parts.push({ text: `${at.type} IS ${operand ? 'NOT NULL' : 'NULL'}`, params: [] });
        break;
      case '$contains':
        parts.push(contains(at, operand as Scalar));
        break;
      case '$like':
        parts.push({
          text: `(${at.type} IS 'text' AND cn_icontains(${at.value}, ?))`,
          params: [operand as string],
        });
        break;
    }
  }
  return allOf(parts);
};

const filterToSql = (filter: Filter, fieldOf: FieldOf): Sql => {
  const parts: Sql[] = [];
  for (const [field, value] of Object.entries(filter)) {
    if (value === undefined) continue;
    if (field === '$and' || field === '$or') {
      const subFilters = (value as Filter[]).map((sub) => filterToSql(sub, fieldOf));
      parts.push(field === '$and' ? allOf(subFilters) : anyOf(subFilters, '0'));
      continue;
    }
    const at = fieldOf(field);
    if (isCondition(value)) parts.push(condition(at, value));
    else if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) parts.push(equals(at, value as Scalar));
    else throw new Error(`unsupported filter value for ${field}`);
  }
  return allOf(parts);
};

/** Ties go by insertion, in the direction of the last key: an index on the sort fields then serves the order whole. */
const orderBy = (sort: FindOptions['sort'], fieldOf: FieldOf): Sql => {
  if (!sort || sort.length === 0) return { text: 'ORDER BY rowid', params: [] };
  const last = sort[sort.length - 1][1] === -1 ? 'DESC' : 'ASC';
  return {
    text: `ORDER BY ${sort.map(([field, direction]) => `${fieldOf(field).value} ${direction === -1 ? 'DESC' : 'ASC'}`).join(', ')}, rowid ${last}`,
    params: [],
  };
};

/** a column's name goes into SQL text (double-quoted): plain identifiers only, never the id */
const SAFE_COLUMN = /^[A-Za-z_][A-Za-z0-9_]*$/;

type Row = Record<string, unknown>;

/**
 * How a collection's documents are kept: as JSON in the shared `documents` table (most read models), or in
 * a table of the collection's own with some fields in columns (`CollectionOptions.columns`): everything a
 * collection does is written against this.
 */
interface Layout {
  /** drops the index on the ids until it is next needed, and the others until the next ensureIndex (`DocumentCollection.deferIndexes`) */
  deferIndexes(): void;
  /** `FROM ... WHERE <scope>`: the rows of this collection */
  from: string;
  scope: string;
  /** what a select reads to make a document of a row */
  select: string;
  fieldOf: FieldOf;
  /** a top-level field as JSON text, NULL when the document lacks it */
  jsonOf(field: string): string;
  parse(row: Row): Document;
  getRow(id: string): Row | undefined;
  /** writes a document; `created`: the writer knows there is none with its id (no conflict to look for) */
  put(id: string, doc: Document, created: boolean): void;
  remove(id: string): void;
  clear(): void;
  replaceWith(source: string): void;
  ensureIndex(fields: readonly string[]): void;
}

const quoted = (name: string): string => `"${name.replace(/"/g, '""')}"`;
const literal = (text: string): string => `'${text.replace(/'/g, "''")}'`;
const fieldsNameOf = (fields: readonly string[]): string => fields.map((field) => field.replace(/\./g, '_')).join('__');

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
    CREATE TABLE IF NOT EXISTS collection_columns (
      collection TEXT PRIMARY KEY,
      columns TEXT NOT NULL
    );
  `);
  db.function('cn_icontains', { deterministic: true }, (haystack: unknown, needle: unknown) =>
    typeof haystack === 'string' && typeof needle === 'string'
      ? Number(haystack.toLowerCase().includes(needle.toLowerCase()))
      : 0,
  );

  /** the statements of find, count and deleteMany, by their SQL text (the shapes a service asks are few) */
  const statements = createLruCache<Statement<Param[], unknown>>(STATEMENT_CACHE_LIMIT);
  const statement = <R = Row>(sql: string): Statement<Param[], R> => {
    let prepared = statements.get(sql);
    if (!prepared) {
      prepared = db.prepare<Param[], unknown>(sql);
      statements.set(sql, prepared);
    }
    return prepared as Statement<Param[], R>;
  };
  /** `<collection>:<fields>` of the indexes this process made sure of */
  const indexed = new Set<string>();
  const forgetIndexes = (name: string): void => {
    for (const key of [...indexed]) if (key.startsWith(`${name}:`)) indexed.delete(key);
  };
  const indexesOn = (table: string): Array<{ name: string; sql: string | null }> =>
    db.prepare<[string], { name: string; sql: string | null }>("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ?").all(table);

  // ---- JSON documents in the shared table ----
  const selectDoc = db.prepare<[string, string], Row>('SELECT doc FROM documents WHERE collection = ? AND id = ?');
  const upsertDoc = db.prepare<[string, string, string]>(
    `INSERT INTO documents (collection, id, doc) VALUES (?, ?, ?)
     ON CONFLICT (collection, id) DO UPDATE SET doc = excluded.doc`,
  );
  const insertDoc = db.prepare<[string, string, string]>('INSERT INTO documents (collection, id, doc) VALUES (?, ?, ?)');
  const deleteDoc = db.prepare<[string, string]>('DELETE FROM documents WHERE collection = ? AND id = ?');
  const deleteDocs = db.prepare<[string]>('DELETE FROM documents WHERE collection = ?');
  const moveDocs = db.prepare<[string, string]>('UPDATE documents SET collection = ? WHERE collection = ?');
  const jsonIndexPrefix = (name: string): string => `documents_${name.replace(/[^A-Za-z0-9_]/g, '_')}_by_`;

  const jsonLayout = (name: string): Layout => {
    // the collection is written into the statement (not bound), so that the planner can use the collection's
    // partial indexes (ensureIndex), whose WHERE names it the same way
    const scope = `collection = ${literal(name)}`;
    return {
      // the shared table's primary key holds every collection's ids: it stays
      deferIndexes: () => undefined,
      from: 'documents',
      scope,
      select: 'doc',
      fieldOf: (field) => inJson('doc', field),
      jsonOf: (field) => `doc -> ${jsonPath(field)}`,
      parse: (row) => JSON.parse(row['doc'] as string) as Document,
      getRow: (id) => selectDoc.get(name, id),
      put: (id, doc, created) => {
        (created ? insertDoc : upsertDoc).run(name, id, JSON.stringify(doc));
      },
      remove: (id) => {
        deleteDoc.run(name, id);
      },
      // the collection's own indexes go with its documents and come back with the next ensureIndex: a
      // collection refilled from scratch (a rebuilt read model) builds them once over all its rows, which
      // is much faster than keeping them up to date row by row
      clear: () => {
        const prefix = jsonIndexPrefix(name);
        const own = indexesOn('documents');
        db.transaction(() => {
          for (const index of own) if (index.name.startsWith(prefix)) db.exec(`DROP INDEX IF EXISTS ${quoted(index.name)}`);
          deleteDocs.run(name);
        })();
        forgetIndexes(name);
      },
      // one transaction: a reader (same process or another) sees the old rows or the new ones; the source's
      // own partial indexes would stay empty, so they go
      replaceWith: (source) => {
        const sourcePrefix = jsonIndexPrefix(source);
        const own = indexesOn('documents');
        db.transaction(() => {
          deleteDocs.run(name);
          moveDocs.run(name, source);
          for (const index of own) if (index.name.startsWith(sourcePrefix)) db.exec(`DROP INDEX IF EXISTS ${quoted(index.name)}`);
        })();
        forgetIndexes(source);
      },
      // a partial index of this collection alone: the other collections' writes do not maintain it
      ensureIndex: (fields) => {
        const fieldsName = fieldsNameOf(fields);
        const expressions = fields.map((field) => inJson('doc', field).value);
        db.exec(`CREATE INDEX IF NOT EXISTS ${quoted(`${jsonIndexPrefix(name)}${fieldsName}`)} ON documents (collection, ${expressions.join(', ')}) WHERE ${scope}`);
        // the index earlier versions kept on these fields over every collection
        db.exec(`DROP INDEX IF EXISTS ${quoted(`documents_by_${fieldsName}`)}`);
      },
    };
  };

  // ---- a collection in a table of its own, some fields in columns ----
  const tableOf = (name: string): string => `c:${name}`;
  /**
   * Tables this process emptied and refills without their unique index on `id` yet: a replay into an empty
   * collection only inserts documents it knows to be new (`DocumentWrite.created`), and one index built over
   * every row at the end is much cheaper than a random UUID inserted into it row by row. Anything else that
   * reaches the table by id (a get, an upsert, a delete, an index asked for) builds it first.
   */
  const idIndexPending = new Set<string>();
  const createIdIndex = (name: string): void => {
    const create = `CREATE UNIQUE INDEX IF NOT EXISTS ${quoted(`${tableOf(name)}:id`)} ON ${quoted(tableOf(name))} (id)`;
    try {
      db.exec(create);
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'SQLITE_CONSTRAINT_UNIQUE') throw error;
      // a document inserted as created twice while the index was deferred (two writers of a read model
      // with a document per event: the same document): the later row goes
      db.transaction(() => {
        db.exec(`DELETE FROM ${quoted(tableOf(name))} WHERE rowid NOT IN (SELECT min(rowid) FROM ${quoted(tableOf(name))} GROUP BY id)`);
        db.exec(create);
      })();
    }
    idIndexPending.delete(name);
  };
  const createTable = (name: string, columns: readonly string[], idIndex = true): void => {
    const table = quoted(tableOf(name));
    db.exec(`CREATE TABLE IF NOT EXISTS ${table} (id TEXT NOT NULL, ${columns.map((column) => `${quoted(column)}, `).join('')}rest TEXT NOT NULL)`);
    if (idIndex) createIdIndex(name);
    else idIndexPending.add(name);
  };
  const byId = (name: string): void => {
    if (idIndexPending.has(name)) createIdIndex(name);
  };
  const tableLayout = (name: string, columns: readonly string[]): Layout => {
    const table = quoted(tableOf(name));
    const columnSet = new Set(columns);
    const columnList = columns.map(quoted).join(', ');
    const fieldOf: FieldOf = (field) => (field === '_id' ? ID_FIELD : columnSet.has(field) ? inColumn(field) : inJson('rest', field));
    const values = `?, ${columns.map(() => '?, ').join('')}?`;
    // a table left without its id index (a replay stopped before it was built) gets it back here
    if (!idIndexPending.has(name)) createTable(name, columns);
    const insert = db.prepare<Param[]>(`INSERT INTO ${table} (id, ${columnList}, rest) VALUES (${values})`);
    // prepared once the id index is there (its ON CONFLICT names it)
    let upsertStatement: Statement<Param[]> | null = null;
    const upsert = (): Statement<Param[]> =>
      (upsertStatement ??= db.prepare<Param[]>(
        `INSERT INTO ${table} (id, ${columnList}, rest) VALUES (${values})
       ON CONFLICT (id) DO UPDATE SET ${[...columns.map(quoted), 'rest'].map((column) => `${column} = excluded.${column}`).join(', ')}`,
      ));
    const selectRow = db.prepare<[string], Row>(`SELECT id, ${columnList}, rest FROM ${table} WHERE id = ?`);
    const deleteRow = db.prepare<[string]>(`DELETE FROM ${table} WHERE id = ?`);
    /** the row of a document: strings and numbers of the column fields in their columns, the rest as JSON */
    const rowOf = (id: string, doc: Document): Param[] => {
      const row: Param[] = [id];
      const rest: Record<string, unknown> = {};
      for (const column of columns) {
        const value = doc[column];
        row.push(typeof value === 'string' || typeof value === 'number' ? value : null);
      }
      for (const key in doc) {
        if (key === '_id') continue;
        const value = doc[key];
        if (columnSet.has(key) && (typeof value === 'string' || typeof value === 'number')) continue;
        rest[key] = value;
      }
      row.push(JSON.stringify(rest));
      return row;
    };
    return {
      // the id index and the ensured ones (`:by:`) go; ensureIndex builds each again over every row
      deferIndexes: () => {
        const own = indexesOn(tableOf(name)).filter((index) => index.sql !== null);
        db.transaction(() => {
          for (const index of own) db.exec(`DROP INDEX IF EXISTS ${quoted(index.name)}`);
        })();
        forgetIndexes(name);
        idIndexPending.add(name);
        // the upsert names the id index (ON CONFLICT): prepared again once it is back
        upsertStatement = null;
      },
      from: table,
      scope: '1',
      select: `id, ${columnList}, rest`,
      fieldOf,
      // a column keeps strings and numbers; anything else of the field sits in `rest`
      jsonOf: (field) => (columnSet.has(field) ? `CASE WHEN ${quoted(field)} IS NOT NULL THEN json_quote(${quoted(field)}) ELSE rest -> ${jsonPath(field)} END` : `rest -> ${jsonPath(field)}`),
      parse: (row) => {
        const doc: Record<string, unknown> = { _id: row['id'] };
        for (const column of columns) if (row[column] !== null) doc[column] = row[column];
        return Object.assign(doc, JSON.parse(row['rest'] as string)) as Document;
      },
      getRow: (id) => {
        byId(name);
        return selectRow.get(id);
      },
      put: (id, doc, created) => {
        if (created) insert.run(...rowOf(id, doc));
        else {
          byId(name);
          upsert().run(...rowOf(id, doc));
        }
      },
      remove: (id) => {
        byId(name);
        deleteRow.run(id);
      },
      // the table goes whole, its indexes with it (they come back with the next ensureIndex, built once; the
      // one on id when first needed)
      clear: () => {
        db.transaction(() => {
          db.exec(`DROP TABLE IF EXISTS ${table}`);
          createTable(name, columns, false);
        })();
        forgetIndexes(name);
      },
      // the source's table becomes this one (renamed, in one transaction); this collection's indexes are
      // made again over it, the source's go, and the source starts again empty
      replaceWith: (source) => {
        const known = columnsOf(source);
        if (!known) {
          // nothing was ever built there: the source is empty, and so is this collection now
          layoutOf(name).clear();
          return;
        }
        if (known.join() !== columns.join()) throw new Error(`${source} does not keep the columns of ${name}: it cannot replace it`);
        byId(source);
        byId(name);
        db.transaction(() => {
          const own = indexesOn(tableOf(name)).flatMap((index) => (index.sql ? [index.sql] : []));
          db.exec(`DROP TABLE IF EXISTS ${table}`);
          db.exec(`ALTER TABLE ${quoted(tableOf(source))} RENAME TO ${table}`);
          for (const index of indexesOn(tableOf(name))) db.exec(`DROP INDEX IF EXISTS ${quoted(index.name)}`);
          for (const sql of own) db.exec(sql);
          createTable(name, columns);
          createTable(source, columns);
        })();
        forgetIndexes(source);
      },
      ensureIndex: (fields) => {
        byId(name);
        const expressions = fields.map((field) => fieldOf(field).value);
        db.exec(`CREATE INDEX IF NOT EXISTS ${quoted(`${tableOf(name)}:by:${fieldsNameOf(fields)}`)} ON ${table} (${expressions.join(', ')})`);
      },
    };
  };

  /** the collections kept in tables of their own, and their columns (remembered in the file) */
  const tables = new Map(
    db
      .prepare<[], { collection: string; columns: string }>('SELECT collection, columns FROM collection_columns')
      .all()
      .map((row) => [row.collection, JSON.parse(row.columns) as string[]] as const),
  );
  const selectColumns = db.prepare<[string], { columns: string }>('SELECT columns FROM collection_columns WHERE collection = ?');
  const columnsOf = (name: string): readonly string[] | undefined => {
    if (!tables.has(name)) {
      // another process (a rebuild run beside) may have given it a table since
      const row = selectColumns.get(name);
      if (row) tables.set(name, JSON.parse(row.columns) as string[]);
    }
    return tables.get(name);
  };
  const layouts = new Map<string, Layout>();
  const layoutOf = (name: string, columns?: readonly string[]): Layout => {
    // a collection this process already opened keeps its layout, unless columns are asked for the first time
    const opened = layouts.get(name);
    if (opened && (!columns || tables.has(name))) {
      const kept = tables.get(name);
      if (columns && kept && columns.join() !== kept.join()) throw new Error(`collection ${name} keeps the columns ${kept.join(', ')}, not ${columns.join(', ')}`);
      return opened;
    }
    const known = columnsOf(name);
    if (known && columns && columns.join() !== known.join()) throw new Error(`collection ${name} keeps the columns ${known.join(', ')}, not ${columns.join(', ')}`);
    if (!known && columns && columns.length > 0) {
      for (const column of columns) if (!SAFE_COLUMN.test(column) || column === '_id') throw new Error(`invalid column: ${column}`);
      db.transaction(() => {
        db.prepare('INSERT INTO collection_columns (collection, columns) VALUES (?, ?)').run(name, JSON.stringify(columns));
        createTable(name, columns);
      })();
      tables.set(name, [...columns]);
      layouts.delete(name);
    }
    let layout = layouts.get(name);
    if (!layout) {
      const kept = tables.get(name);
      layout = kept ? tableLayout(name, kept) : jsonLayout(name);
      layouts.set(name, layout);
    }
    return layout;
  };

  const writeChanges = (name: string, changes: readonly DocumentWrite[]): void => {
    const layout = layoutOf(name);
    for (const { id, doc, ifVersion, created } of changes) {
      if (ifVersion !== undefined) {
        const stored = layout.getRow(id);
        // throwing inside the transaction rolls the whole writeAll back
        if (versionOf(stored ? layout.parse(stored) : null) !== ifVersion) throw new DocumentConflictError(name, id);
      }
      if (doc === null) layout.remove(id);
      else layout.put(id, doc, created === true);
    }
  };
  const writeBatch = db.transaction(writeChanges);

  const collection = <T extends Document = Document>(name: string, collectionOptions: CollectionOptions = {}): DocumentCollection<T> => {
    // looked up again only after the collection was dropped (a handle kept across a drop starts it anew)
    let opened = layoutOf(name, collectionOptions.columns);
    const current = (): Layout => (layouts.get(name) === opened ? opened : (opened = layoutOf(name, collectionOptions.columns)));
    const where = (layout: Layout, filter: Filter = {}): Sql => {
      const sql = filterToSql(filter, layout.fieldOf);
      return { text: `WHERE ${layout.scope} AND ${sql.text}`, params: sql.params };
    };
    return {
      get: (id) => settle(() => {
        const layout = current();
        const row = layout.getRow(id);
        return row ? (layout.parse(row) as T) : null;
      }),
      getMany: (ids) => settle(() => {
        const unique = [...new Set(ids)];
        if (unique.length === 0) return [];
        const layout = current();
        const rows = statement(`SELECT id AS cn_id, ${layout.select} FROM ${layout.from} WHERE ${layout.scope} AND id IN (SELECT value FROM json_each(?))`).all(
          JSON.stringify(unique),
        );
        const byId = new Map(rows.map((row) => [row['cn_id'] as string, layout.parse(row) as T]));
        return unique.flatMap((id) => {
          const doc = byId.get(id);
          return doc ? [doc] : [];
        });
      }),
      pick: <K extends keyof T & string>(ids: readonly string[], fields: readonly K[]) => settle(() => {
        const unique = [...new Set(ids)];
        if (unique.length === 0) return [];
        const layout = current();
        const wanted = fields.filter((field) => field !== '_id');
        const columns = wanted.map((field, at) => `${layout.jsonOf(field)} AS cn_${at}`);
        const rows = statement(`SELECT id AS cn_id${columns.map((column) => `, ${column}`).join('')} FROM ${layout.from} WHERE ${layout.scope} AND id IN (SELECT value FROM json_each(?))`).all(
          JSON.stringify(unique),
        );
        return rows.map((row) => {
          const doc: Record<string, unknown> = { _id: row['cn_id'] };
          wanted.forEach((field, at) => {
            const json = row[`cn_${at}`];
            if (typeof json === 'string') doc[field] = JSON.parse(json) as unknown;
          });
          return doc as Pick<T, '_id' | K>;
        });
      }),
      find: (filter, findOptions = {}) => settle(() => {
        const layout = current();
        const condition = where(layout, filter);
        const order = orderBy(findOptions.sort, layout.fieldOf);
        const rows = statement(`SELECT ${layout.select} FROM ${layout.from} ${condition.text} ${order.text} LIMIT ? OFFSET ?`).all(
          ...condition.params,
          ...order.params,
          findOptions.limit ?? -1,
          findOptions.skip ?? 0,
        );
        return rows.map((row) => layout.parse(row) as T);
      }),
      count: (filter) => settle(() => {
        const layout = current();
        const condition = where(layout, filter);
        const row = statement<{ n: number }>(`SELECT COUNT(*) AS n FROM ${layout.from} ${condition.text}`).get(...condition.params);
        return row?.n ?? 0;
      }),
      upsert: (doc) => settle(() => {
        current().put(doc._id, doc, false);
      }),
      delete: (id) => settle(() => {
        current().remove(id);
      }),
      deleteMany: (filter) => settle(() => {
        const layout = current();
        const condition = where(layout, filter);
        return statement(`DELETE FROM ${layout.from} ${condition.text}`).run(...condition.params).changes;
      }),
      clear: () => settle(() => {
        current().clear();
      }),
      writeMany: (changes) => settle(() => {
        current();
        writeBatch(name, changes);
      }),
      replaceWith: (source, alongside = [], replaceOptions = {}) => settle(() => {
        // the writes alongside first: a conflict among them throws before anything is swapped
        db.transaction(() => {
          for (const { collection: other, changes } of alongside) writeChanges(other, changes);
          if (source === name) return;
          if (replaceOptions.ifSourceHolds) {
            const from = layoutOf(source);
            if (!statement(`SELECT 1 AS found FROM ${from.from} WHERE ${from.scope} LIMIT 1`).get()) return;
          }
          current().replaceWith(source);
        })();
      }),
      deferIndexes: () => settle(() => {
        current().deferIndexes();
      }),
      ensureIndex: (fields) => settle(() => {
        const key = `${name}:${fieldsNameOf(fields)}`;
        // (a deferred id index comes back here, and a deferred index of these fields: forgotten when deferred)
        if (indexed.has(key) && !idIndexPending.has(name)) return;
        current().ensureIndex(fields);
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

  const deleteColumns = db.prepare<[string]>('DELETE FROM collection_columns WHERE collection = ?');
  const drop = (name: string): void => {
    const prefix = jsonIndexPrefix(name);
    const own = indexesOn('documents');
    db.transaction(() => {
      if (columnsOf(name)) {
        db.exec(`DROP TABLE IF EXISTS ${quoted(tableOf(name))}`);
        deleteColumns.run(name);
      }
      for (const index of own) if (index.name.startsWith(prefix)) db.exec(`DROP INDEX IF EXISTS ${quoted(index.name)}`);
      deleteDocs.run(name);
    })();
    tables.delete(name);
    layouts.delete(name);
    idIndexPending.delete(name);
    forgetIndexes(name);
  };

  /**
   * Nested bulk loads (the projectors of a rebuild side by side) hold the WAL's checkpoints back once: in WAL
   * mode with `synchronous = NORMAL` a commit does not wait for the disk, only a checkpoint does (the WAL
   * synced, then the database file), and a replay would run one every thousand pages. The file stays safe
   * from a power cut (it holds sessions and snapshots beside the read models, so `synchronous = OFF` is not
   * an option); what the WAL holds past its last sync may be lost, and the replay resumes from its checkpoint.
   */
  let bulkLoads = 0;
  let autoCheckpoint = 1000;
  const bulkLoad = async <T>(work: () => Promise<T>): Promise<T> => {
    if (bulkLoads++ === 0) {
      autoCheckpoint = Number(db.pragma('wal_autocheckpoint', { simple: true })) || 1000;
      db.pragma('wal_autocheckpoint = 0');
    }
    try {
      return await work();
    } finally {
      if (--bulkLoads === 0 && db.open) {
        commitQueued();
        db.pragma(`wal_autocheckpoint = ${autoCheckpoint}`);
        // everything the load wrote reaches the database file, synced, and the WAL starts again small
        db.pragma('wal_checkpoint(TRUNCATE)');
      }
    }
  };

  return {
    collection,
    bulkLoad,
    drop: (name) => settle(() => drop(name)),
    writeAll: (writes) =>
      new Promise<void>((resolve, reject) => {
        queued.push({ writes, resolve, reject });
        if (queued.length === 1) setImmediate(commitQueued);
      }),
    close: () => settle(() => {
      commitQueued();
      if (db.open) for (const name of [...idIndexPending]) createIdIndex(name);
      if (db.open) db.close();
    }),
  };
};
