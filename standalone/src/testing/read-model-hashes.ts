import { createHash } from 'node:crypto';
import type { Document, DocumentStore } from '@cn/platform/document-store';

/** JSON with every object's keys sorted, so that two equal documents give the same text whatever their key order */
export const canonicalJson = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
};

export interface ReadModelHash {
  collection: string;
  count: number;
  hash: string;
  /** canonical text per document id, to name the first one that differs */
  documents: Map<string, string>;
}

/** a read model's documents sorted by id, each in canonical JSON, hashed together with SHA-256 */
export const readModelHash = async (store: DocumentStore, collection: string): Promise<ReadModelHash> => {
  const docs = await store.collection<Document>(collection).find({}, { sort: [['_id', 1]] });
  const documents = new Map<string, string>();
  for (const doc of [...docs].sort((a, b) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0))) documents.set(doc._id, canonicalJson(doc));
  const hash = createHash('sha256');
  for (const [id, text] of documents) hash.update(`${id}\n${text}\n`);
  return { collection, count: documents.size, hash: hash.digest('hex'), documents };
};

/** where two hashes of one read model part: undefined when equal, else the read model and the first differing document */
export const firstDifference = (live: ReadModelHash, replayed: ReadModelHash): string | undefined => {
  if (live.hash === replayed.hash) return undefined;
  const ids = [...new Set([...live.documents.keys(), ...replayed.documents.keys()])].sort();
  for (const id of ids) {
    const a = live.documents.get(id);
    const b = replayed.documents.get(id);
    if (a !== b) {
      return `${live.collection}: document ${id} differs (live ${a === undefined ? 'missing' : a.slice(0, 600)}; replayed ${b === undefined ? 'missing' : b.slice(0, 600)})`;
    }
  }
  return `${live.collection}: hashes differ`;
};
