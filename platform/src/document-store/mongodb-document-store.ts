import type * as MongoDb from 'mongodb';
import type { Collection, Filter as MongoFilter, Sort } from 'mongodb';
import type {
  Document,
  DocumentCollection,
  DocumentStore,
  FieldCondition,
  Filter,
  FindOptions,
  Scalar,
} from './document-store';
import { DocumentConflictError, versionOf, type DocumentWrite } from './document-store';

export interface MongoDocumentStoreOptions {
  /** e.g. `mongodb://127.0.0.1:27017` */
  url: string;
  database: string;
}

/** Our operators that MongoDB understands as they are. */
const NATIVE_OPERATORS = new Set(['$eq', '$ne', '$in', '$nin', '$gt', '$gte', '$lt', '$lte', '$exists']);

/** Field names reach MongoDB as query keys: refuse operators and empty path segments in them. */
const SAFE_PATH = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)*$/;

type MongoQuery = Record<string, unknown>;

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const isCondition = (value: unknown): value is FieldCondition =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.keys(value).length > 0 &&
  Object.keys(value).every((key) => key.startsWith('$'));

/** An array field equal to a scalar would match by element in MongoDB; our port means the field itself. */
const scalarEquals = (value: Scalar): MongoQuery =>
  value === null ? { $eq: null } : { $eq: value, $not: { $type: 'array' } };

const conditionToMongo = (field: string, condition: FieldCondition): MongoQuery[] => {
  const native: MongoQuery = {};
  const extra: MongoQuery[] = [];
  for (const [operator, operand] of Object.entries(condition) as [string, unknown][]) {
    if (operand === undefined) continue;
    if (NATIVE_OPERATORS.has(operator)) {
      native[operator] = operand;
    } else if (operator === '$contains') {
      extra.push({ [field]: { $type: 'array', $elemMatch: { $eq: operand } } });
    } else if (operator === '$like') {
      if (typeof operand !== 'string') throw new Error(`$like on ${field} needs a string`);
      extra.push({ [field]: { $type: 'string', $regex: escapeRegExp(operand), $options: 'i' } });
    } else {
      throw new Error(`unsupported operator: ${operator}`);
    }
  }
  return Object.keys(native).length > 0 ? [{ [field]: native }, ...extra] : extra;
};

const filterToMongo = (filter: Filter = {}): MongoQuery => {
  const parts: MongoQuery[] = [];
  for (const [field, value] of Object.entries(filter)) {
    if (value === undefined) continue;
    if (field === '$and' || field === '$or') {
      const subFilters = (value as Filter[]).map(filterToMongo);
      if (subFilters.length === 0) {
        // an empty $or matches nothing, an empty $and everything (MongoDB refuses both)
        if (field === '$or') parts.push({ _id: { $in: [] } });
        continue;
      }
      parts.push({ [field]: subFilters });
      continue;
    }
    if (!SAFE_PATH.test(field)) throw new Error(`invalid field path: ${field}`);
    if (isCondition(value)) parts.push(...conditionToMongo(field, value));
    else if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) {
      parts.push({ [field]: scalarEquals(value as Scalar) });
    } else throw new Error(`unsupported filter value for ${field}`);
  }
  if (parts.length === 0) return {};
  const [only] = parts;
  return parts.length === 1 && only ? only : { $and: parts };
};

const toSort = (sort: FindOptions['sort']): Sort | undefined =>
  sort && sort.length > 0 ? sort.map(([field, direction]) => [field, direction] as [string, 1 | -1]) : undefined;

/**
 * MongoDB (and FerretDB) refuse field names beginning with `$`, yet documents carry them: the audit log
 * keeps personal data sealed as `{ $pii, subject }`. Such names are stored with a `~` in front, and a
 * name already beginning with `~` gets one more, so that decoding (drop one leading `~`) is exact.
 * Query and sort paths never need it: SAFE_PATH admits neither `$` nor `~`.
 */
const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

const mapKeys = (value: unknown, rename: (key: string) => string): unknown => {
  if (Array.isArray(value)) return value.map((item) => mapKeys(item, rename));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) out[rename(key)] = mapKeys(inner, rename);
  return out;
};

const encodeKey = (key: string): string => (key.startsWith('$') || key.startsWith('~') ? `~${key}` : key);
const decodeKey = (key: string): string => (key.startsWith('~') ? key.slice(1) : key);
const encodeDocument = (doc: Document): Document => mapKeys(doc, encodeKey) as Document;
const decodeDocument = <T extends Document>(doc: Document): T => mapKeys(doc, decodeKey) as T;

const DUPLICATE_KEY = 11000;
/** where conditional writes claim the version they write (one short-lived document per write in flight) */
const WRITE_CLAIMS = '_write_claims';
/** a claim this old belongs to a writer that died between claiming and writing: it is dropped */
const STALE_CLAIM_MS = 30_000;

const isDuplicateKey = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === DUPLICATE_KEY;

/**
 * One conditional change. A filtered replace is no compare-and-set on every MongoDB-wire server (FerretDB
 * 1.x matches the filter and writes apart: two writers both matched), but inserting an existing `_id`
 * fails on all of them. So a writer first claims the version it writes (`<collection>/<id>@<version + 1>`
 * in `_write_claims`; a second claimant gets a duplicate key), then checks the stored `_version` is still
 * the one it read, writes, and drops its claim. Writes of one document thus land in version order: a
 * writer that read an older version either meets the claim or sees the newer `_version`.
 */
const writeConditionally = async (name: string, mongo: Collection<Document>, claims: Collection<Document>, change: DocumentWrite): Promise<void> => {
  const { id, doc, ifVersion } = change;
  if (ifVersion === undefined) {
    if (doc === null) await mongo.deleteOne({ _id: id });
    else await mongo.replaceOne({ _id: id }, encodeDocument(doc), { upsert: true });
    return;
  }
  const claimId = `${name}/${id}@${ifVersion + 1}`;
  try {
    await claims.insertOne({ _id: claimId, at: Date.now() });
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
    const claim = await claims.findOne({ _id: claimId });
    if (claim && typeof claim['at'] === 'number' && Date.now() - claim['at'] > STALE_CLAIM_MS) await claims.deleteOne({ _id: claimId });
    throw new DocumentConflictError(name, id);
  }
  try {
    const stored = await mongo.findOne({ _id: id }, { projection: { _version: 1 } });
    if (versionOf(stored) !== ifVersion) throw new DocumentConflictError(name, id);
    if (doc === null) await mongo.deleteOne({ _id: id });
    else await mongo.replaceOne({ _id: id }, encodeDocument(doc), { upsert: true });
  } finally {
    await claims.deleteOne({ _id: claimId });
  }
};

/* eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded when a store is made, not with the platform: a process on the embedded stores (a rebuild, the standalone server) never loads it */
const mongodb = (): typeof MongoDb => require('mongodb') as typeof MongoDb;

export const createMongoDocumentStore = (options: MongoDocumentStoreOptions): DocumentStore => {
  const client = new (mongodb().MongoClient)(options.url);
  const db = client.db(options.database);

  const collection = <T extends Document = Document>(name: string): DocumentCollection<T> => {
    const mongo: Collection<Document> = db.collection<Document>(name);
    const query = (filter?: Filter): MongoFilter<Document> => filterToMongo(filter);
    return {
      get: async (id) => {
        const doc = await mongo.findOne({ _id: id });
        return doc ? decodeDocument<T>(doc) : null;
      },
      getMany: async (ids) => {
        const unique = [...new Set(ids)];
        if (unique.length === 0) return [];
        const docs = await mongo.find({ _id: { $in: unique } }).toArray();
        const byId = new Map(docs.map((doc) => [doc._id, decodeDocument<T>(doc)]));
        return unique.flatMap((id) => {
          const doc = byId.get(id);
          return doc ? [doc] : [];
        });
      },
      pick: async <K extends keyof T & string>(ids: readonly string[], fields: readonly K[]) => {
        const unique = [...new Set(ids)];
        if (unique.length === 0) return [];
        const docs = await mongo.find({ _id: { $in: unique } }, { projection: Object.fromEntries(fields.map((field) => [encodeKey(field), 1])) }).toArray();
        return docs.map((doc) => decodeDocument<Pick<T, '_id' | K>>(doc));
      },
      find: async (filter, findOptions = {}) => {
        let cursor = mongo.find(query(filter));
        const sort = toSort(findOptions.sort);
        if (sort) cursor = cursor.sort(sort);
        if (findOptions.skip) cursor = cursor.skip(findOptions.skip);
        if (findOptions.limit !== undefined) {
          if (findOptions.limit <= 0) return [];
          cursor = cursor.limit(findOptions.limit);
        }
        return (await cursor.toArray()).map((doc) => decodeDocument<T>(doc));
      },
      count: async (filter) => mongo.countDocuments(query(filter)),
      upsert: async (doc) => {
        await mongo.replaceOne({ _id: doc._id }, encodeDocument(doc), { upsert: true });
      },
      delete: async (id) => {
        await mongo.deleteOne({ _id: id });
      },
      deleteMany: async (filter) => (await mongo.deleteMany(query(filter))).deletedCount,
      clear: async () => {
        await mongo.deleteMany({});
      },
      writeMany: async (changes: readonly DocumentWrite[]) => {
        if (changes.length === 0) return;
        if (changes.some((change) => change.ifVersion !== undefined)) {
          for (const change of changes) await writeConditionally(name, mongo, db.collection<Document>(WRITE_CLAIMS), change);
          return;
        }
        await mongo.bulkWrite(
          changes.map(({ id, doc }) =>
            doc === null ? { deleteOne: { filter: { _id: id } } } : { replaceOne: { filter: { _id: id }, replacement: encodeDocument(doc), upsert: true } },
          ),
          { ordered: true },
        );
      },
      ensureIndex: async (fields) => {
        await mongo.createIndex(Object.fromEntries(fields.map((field) => [field, 1])));
      },
      // renameCollection with dropTarget replaces the target in one step; the source's indexes (the
      // rebuilt read model's, created by its projector) come with it
      replaceWith: async (source, alongside = [], replaceOptions = {}) => {
        // no transactions: the writes alongside go first, so that a conflict among them refuses the swap
        for (const { collection: other, changes } of alongside) await collection(other).writeMany(changes);
        if (source === name) return;
        // renamed already (a rename leaves no source): nothing to swap
        if (replaceOptions.ifSourceHolds && (await db.collection(source).countDocuments({}, { limit: 1 })) === 0) return;
        const exists = (await db.listCollections({ name: source }, { nameOnly: true }).toArray()).length > 0;
        if (!exists) {
          await mongo.deleteMany({});
          return;
        }
        try {
          // MongoDB swaps in one step
          await db.collection(source).rename(name, { dropTarget: true });
        } catch (error) {
          // FerretDB does not implement dropTarget: the old version goes first, so readers of this collection
          // see it empty for the moment between the two steps (the embedded store swaps in one transaction)
          if (!/dropTarget/.test(error instanceof Error ? error.message : String(error))) throw error;
          await db.collection(name).drop().catch(() => undefined);
          await db.collection(source).rename(name);
        }
      },
    };
  };

  return {
    collection,
    drop: async (name) => {
      const exists = (await db.listCollections({ name }, { nameOnly: true }).toArray()).length > 0;
      if (exists) await db.collection(name).drop();
    },
    // no multi-document transactions (FerretDB, a single node): collection after collection, in order
    writeAll: async (writes) => {
      for (const { collection: name, changes } of writes) await collection(name).writeMany(changes);
    },
    close: async () => {
      await client.close();
    },
  };
};
