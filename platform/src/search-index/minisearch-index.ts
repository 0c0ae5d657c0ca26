import { appendFileSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { PRIVATE_FILE_MODE, privateDir } from '@cn/platform/files';
import { storageHealth } from '@cn/platform/storage';
import { join } from 'node:path';
import MiniSearch from 'minisearch';
import type { IndexSettings, OpenOptions, SearchCollection, SearchDocument, SearchIndex, SearchQuery } from './search-index';

export interface MiniSearchIndexOptions {
  dir: string;
  /** delay before a change is written to disk (default 200 ms); close() always writes */
  flushDelayMs?: number;
  /** told when a snapshot could not be written (it is retried) */
  logger?: { warn(obj: object, msg?: string): void };
  /** writes the snapshot's temporary file (tests inject a full disk here) */
  writeFile?: (path: string, data: string) => void;
  /** appends a line to the journal (tests inject a full disk here) */
  appendFile?: (path: string, data: string) => void;
}

interface Snapshot {
  version: 1;
  indexes: Record<string, { settings: IndexSettings; documents: SearchDocument[]; label?: string }>;
  checkpoints: Record<string, number>;
  /** the journal file whose lines continue this snapshot (absent: none) */
  journal?: string;
}

/** One flush's changes since the last: per index the documents replaced (null: deleted), and every checkpoint. */
interface JournalEntry {
  indexes: Record<string, Array<[string, SearchDocument | null]>>;
  checkpoints: Record<string, number>;
}

interface LiveIndex {
  /** the name it is kept under (a swap exchanges contents, never names) */
  name: string;
  settings: IndexSettings;
  documents: Map<string, SearchDocument>;
  engine: MiniSearch<SearchDocument>;
  /** what the contents are (`OpenOptions.label`): exchanged with them by a swap */
  label?: string;
  /** renamed or deleted: collections opened on it fail, as a name no index holds */
  gone?: boolean;
}

const SNAPSHOT_FILE = 'search-snapshot.json';
const JOURNAL_PREFIX = 'search-journal.';
/** the journal is folded into a new snapshot once it is as large as the snapshot (and at least this) */
const MIN_COMPACTION_BYTES = 1 << 20;

/**
 * The lines of a journal that were written whole: a torn line (a crash while appending) ends it. Null when
 * there is no journal file.
 */
const journalEntries = (path: string): JournalEntry[] | null => {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const entries: JournalEntry[] = [];
  for (const line of text.split('\n')) {
    if (line === '') break;
    try {
      entries.push(JSON.parse(line) as JournalEntry);
    } catch {
      break;
    }
  }
  return entries;
};

/** better-sqlite3 is synchronous; the ports are not: answer the work's result, or its error, as a promise */
const settle = <T>(work: () => T): Promise<T> => new Promise<T>((resolve) => resolve(work()));

const valueAt = (doc: SearchDocument, path: string): unknown =>
  path.split('.').reduce<unknown>((value, key) => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined), doc);

const textOf = (value: unknown): string | undefined => {
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) return value.map(textOf).filter((text) => text !== undefined).join(' ');
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
};

/** typo tolerance like Meilisearch: one typo from 5 letters, two from 9 */
const typos = (term: string): number => (term.length >= 9 ? 2 : term.length >= 5 ? 1 : 0);

/**
 * MiniSearch cleans the terms of replaced documents up (vacuuming) in batches it runs between timers; a
 * document added or replaced between two batches broke its tree walk and crashed the process (seen with
 * thousands of presence changes in a row). One batch covering the whole index makes each clean-up a single
 * synchronous pass, which nothing can interleave.
 */
const VACUUM = { batchSize: Number.MAX_SAFE_INTEGER, batchWait: 0, minDirtCount: 1000, minDirtFactor: 0.1 };

const createEngine = (settings: IndexSettings): MiniSearch<SearchDocument> =>
  new MiniSearch<SearchDocument>({
    idField: 'id',
    fields: settings.searchableAttributes,
    storeFields: [],
    autoVacuum: VACUUM,
    extractField: (doc, field) => (field === 'id' ? String(doc.id) : (textOf(valueAt(doc, field)) ?? '')),
  });

const matchesFilter = (doc: SearchDocument, filter: SearchQuery['filter']): boolean =>
  Object.entries(filter ?? {}).every(([field, wanted]) => {
    const accepted: ReadonlyArray<string | number | boolean> = Array.isArray(wanted) ? wanted : [wanted as string | number | boolean];
    const value = valueAt(doc, field);
    const values: unknown[] = Array.isArray(value) ? value : [value];
    return values.some((item) => accepted.some((candidate) => candidate === item));
  });

const compareValues = (a: unknown, b: unknown): number => {
  const missingA = a === undefined || a === null;
  const missingB = b === undefined || b === null;
  if (missingA || missingB) return missingA === missingB ? 0 : missingA ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  const textA = typeof a === 'string' ? a : JSON.stringify(a);
  const textB = typeof b === 'string' ? b : JSON.stringify(b);
  const folded = textA.toLowerCase().localeCompare(textB.toLowerCase());
  return folded !== 0 ? folded : textA < textB ? -1 : textA > textB ? 1 : 0;
};

/**
 * The embedded search index: MiniSearch in memory, persisted as one JSON snapshot of every index and
 * every projector checkpoint. One file written atomically means that after a crash the indexes and
 * the checkpoints are always from the same moment, so the search projectors replay exactly what is missing.
 */
/** the longest wait between two tries of a snapshot that could not be written */
const MAX_RETRY_DELAY_MS = 5_000;

export const createMiniSearchIndex = (options: MiniSearchIndexOptions): SearchIndex => {
  privateDir(options.dir);
  const file = join(options.dir, SNAPSHOT_FILE);
  const flushDelayMs = options.flushDelayMs ?? 200;
  const indexes = new Map<string, LiveIndex>();
  const checkpoints = new Map<string, number>();

  const load = (name: string, settings: IndexSettings, documents: readonly SearchDocument[], label?: string): LiveIndex => {
    const engine = createEngine(settings);
    engine.addAll(documents);
    const live: LiveIndex = { name, settings, documents: new Map(documents.map((doc) => [String(doc.id), doc])), engine, label };
    indexes.set(name, live);
    return live;
  };

  const snapshot = ((): Snapshot | null => {
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  })();
  /** the journal the next flush appends to, continuing the snapshot on disk */
  let journal: string | null = null;
  let journalBytes = 0;
  let snapshotBytes = 0;
  /** set by what a journal line cannot say (an index created, re-indexed, cleared or swapped): the next flush writes a snapshot */
  let snapshotNeeded = false;
  if (snapshot) {
    const journalled = snapshot.journal ? journalEntries(join(options.dir, snapshot.journal)) : null;
    const replayed = journalled ?? [];
    const documents = new Map(Object.entries(snapshot.indexes).map(([name, saved]) => [name, new Map(saved.documents.map((doc) => [String(doc.id), doc]))]));
    for (const [projector, position] of Object.entries(snapshot.checkpoints)) checkpoints.set(projector, position);
    for (const entry of replayed) {
      for (const [name, changes] of Object.entries(entry.indexes)) {
        const docs = documents.get(name);
        if (!docs) continue;
        for (const [id, doc] of changes) {
          if (doc === null) docs.delete(id);
          else docs.set(id, doc);
        }
      }
      for (const [projector, position] of Object.entries(entry.checkpoints)) checkpoints.set(projector, position);
    }
    for (const [name, saved] of Object.entries(snapshot.indexes)) load(name, saved.settings, [...(documents.get(name)?.values() ?? [])], saved.label);
    // a journal may end in a torn line (even its first): nothing is appended after it, the next flush
    // starts from a new snapshot and journal
    snapshotNeeded = journalled !== null;
  }
  // journals of earlier snapshots (a crash between a snapshot's rename and its old journal's removal)
  for (const name of readdirSync(options.dir)) {
    if (name.startsWith(JOURNAL_PREFIX) && name !== snapshot?.journal) rmSync(join(options.dir, name), { force: true });
  }
  journal = snapshot?.journal ?? null;

  /** documents changed since the last flush, per index (null: deleted) */
  const changed = new Map<string, Map<string, SearchDocument | null>>();
  const noteChange = (name: string, id: string, doc: SearchDocument | null): void => {
    let changes = changed.get(name);
    if (!changes) {
      changes = new Map();
      changed.set(name, changes);
    }
    changes.set(id, doc);
  };
  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  /** the wait before the next try after a failed write: grows while the disk stays full */
  let retryDelayMs = flushDelayMs;
  const writeFile = options.writeFile ?? ((path: string, data: string) => writeFileSync(path, data, { mode: PRIVATE_FILE_MODE }));
  const appendFile = options.appendFile ?? ((path: string, data: string) => appendFileSync(path, data, { mode: PRIVATE_FILE_MODE }));
  /**
   * Writes the whole snapshot under a temporary name and renames it over the last one, so a reader (or a
   * crash) only ever sees a complete snapshot. A failed write leaves no temporary file behind. The snapshot
   * names a new, empty journal; the old one is removed once the rename made it obsolete.
   */
  const writeSnapshot = (): void => {
    const next = `${JOURNAL_PREFIX}${process.pid}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}.jsonl`;
    const data: Snapshot = {
      version: 1,
      indexes: Object.fromEntries(
        [...indexes].map(([name, live]) => [name, { settings: live.settings, documents: [...live.documents.values()], ...(live.label ? { label: live.label } : {}) }]),
      ),
      checkpoints: Object.fromEntries(checkpoints),
      journal: next,
    };
    const temporary = `${file}.${process.pid}.tmp`;
    const text = JSON.stringify(data);
    try {
      writeFile(temporary, text);
      renameSync(temporary, file);
    } catch (error) {
      rmSync(temporary, { force: true });
      throw error;
    }
    if (journal) rmSync(join(options.dir, journal), { force: true });
    journal = next;
    journalBytes = 0;
    snapshotBytes = text.length;
    snapshotNeeded = false;
    changed.clear();
  };
  /**
   * Appends what changed since the last flush as one line: the documents and every checkpoint of the same
   * moment, so a restart that replays the journal's whole lines has indexes and checkpoints that agree. A
   * line costs what changed, where a snapshot costs every document of every index.
   */
  const appendJournal = (): void => {
    if (!journal) throw new Error('no journal without a snapshot');
    const entry: JournalEntry = {
      indexes: Object.fromEntries([...changed].map(([name, changes]) => [name, [...changes]])),
      checkpoints: Object.fromEntries(checkpoints),
    };
    const line = `${JSON.stringify(entry)}\n`;
    try {
      appendFile(join(options.dir, journal), line);
    } catch (error) {
      // part of the line may be on disk: what follows it would not be read, so the next flush is a snapshot
      snapshotNeeded = true;
      throw error;
    }
    journalBytes += line.length;
    changed.clear();
  };
  const persist = (): void => {
    if (snapshotNeeded || !journal || journalBytes >= Math.max(MIN_COMPACTION_BYTES, snapshotBytes)) writeSnapshot();
    else appendJournal();
  };
  /**
   * The timer's flush never throws: a full disk keeps the changes in memory (the checkpoints with them,
   * so a restart replays what the last snapshot lacks) and tries again later, waiting longer each time.
   */
  const flush = (): void => {
    if (timer) clearTimeout(timer);
    timer = null;
    try {
      persist();
      retryDelayMs = flushDelayMs;
    } catch (error) {
      storageHealth.noteFault(error);
      options.logger?.warn({ err: error, file, retryInMs: retryDelayMs }, 'search snapshot not written; retrying');
      if (closed) return;
      timer = setTimeout(flush, retryDelayMs);
      timer.unref();
      retryDelayMs = Math.min(retryDelayMs * 2, MAX_RETRY_DELAY_MS);
    }
  };
  const scheduleFlush = (): void => {
    if (closed) throw new Error('search index is closed');
    timer ??= setTimeout(flush, flushDelayMs);
  };

  /** the name holds no index any more: collections opened on it fail (`present`), and the snapshot forgets it */
  const retire = (name: string, live: LiveIndex): void => {
    indexes.delete(name);
    live.gone = true;
    snapshotNeeded = true;
    scheduleFlush();
  };
  const present = (live: LiveIndex): void => {
    if (live.gone) throw new Error(`search index ${live.name} was renamed or deleted`);
  };
  const collectionOf = <T extends SearchDocument>(live: LiveIndex): SearchCollection<T> => ({
    upsert: (docs) => settle(() => {
      present(live);
      for (const doc of docs) {
        const id = String(doc.id);
        if (live.documents.has(id)) live.engine.discard(id);
        live.documents.set(id, doc);
        live.engine.add(doc);
        noteChange(live.name, id, doc);
      }
      scheduleFlush();
    }),
    delete: (ids) => settle(() => {
      present(live);
      for (const id of ids.map(String)) {
        if (!live.documents.has(id)) continue;
        live.engine.discard(id);
        live.documents.delete(id);
        noteChange(live.name, id, null);
      }
      scheduleFlush();
    }),
    // a partial update of the documents it holds; an id it does not hold is skipped (nothing to merge into)
    merge: (docs) => settle(() => {
      present(live);
      for (const fields of docs) {
        const id = String(fields.id);
        const current = live.documents.get(id);
        if (!current) continue;
        const doc = { ...current, ...fields, id: current.id };
        live.engine.discard(id);
        live.documents.set(id, doc);
        live.engine.add(doc);
        noteChange(live.name, id, doc);
      }
      scheduleFlush();
    }),
    get: (id) => settle(() => (live.documents.get(String(id)) as T | undefined) ?? null),
    clear: () => settle(() => {
      present(live);
      live.engine.removeAll();
      live.documents.clear();
      snapshotNeeded = true;
      scheduleFlush();
    }),
    search: (query) => settle(() => {
      const q = query.q.trim();
      const boost = Object.fromEntries(
        live.settings.searchableAttributes.map((field, index, all) => [field, all.length - index]),
      );
      let candidates: SearchDocument[] =
        q === ''
          ? [...live.documents.values()]
          : live.engine
              .search(q, { prefix: true, fuzzy: typos, boost, combineWith: 'AND' })
              .flatMap((result) => live.documents.get(String(result.id)) ?? []);
      candidates = candidates.filter((doc) => matchesFilter(doc, query.filter));
      const sort = query.sort ?? [];
      if (sort.length > 0) {
        // Array.prototype.sort is stable: among equal sort keys the relevance order stays
        candidates = [...candidates].sort((a, b) => {
          for (const [field, direction] of sort) {
            const order = compareValues(valueAt(a, field), valueAt(b, field));
            if (order !== 0) return direction === 'desc' ? -order : order;
          }
          return 0;
        });
      }
      const offset = query.offset ?? 0;
      const limit = query.limit ?? 20;
      return { hits: candidates.slice(offset, offset + limit) as T[], total: candidates.length };
    }),
  });

  return {
    index: <T extends SearchDocument = SearchDocument>(name: string, settings: IndexSettings, options: OpenOptions = {}) => settle(() => {
      const existing = indexes.get(name);
      if (existing && options.label !== undefined && existing.label !== options.label) {
        existing.label = options.label;
        snapshotNeeded = true;
        scheduleFlush();
      }
      if (existing && JSON.stringify(existing.settings) === JSON.stringify(settings)) return collectionOf<T>(existing);
      // new index, or new settings: re-index the documents with the new searchable fields
      const live = load(name, settings, existing ? [...existing.documents.values()] : [], options.label ?? existing?.label);
      snapshotNeeded = true;
      scheduleFlush();
      return collectionOf<T>(live);
    }),
    // in place and synchronously: collections handed out keep their name and see the other contents at once
    swapIndexes: (name, other) => settle(() => {
      const first = indexes.get(name);
      const second = indexes.get(other);
      if (!first || !second) throw new Error(`search index ${first ? other : name} is not open`);
      if (first === second) return;
      const { settings, documents, engine, label } = first;
      first.settings = second.settings;
      first.documents = second.documents;
      first.engine = second.engine;
      first.label = second.label;
      second.settings = settings;
      second.documents = documents;
      second.engine = engine;
      second.label = label;
      snapshotNeeded = true;
      scheduleFlush();
    }),
    // a new entry under the new name; the old one is gone, so a collection or swap naming it fails
    renameIndex: (name, to) => settle(() => {
      const live = indexes.get(name);
      if (!live) throw new Error(`search index ${name} does not exist`);
      if (indexes.has(to)) throw new Error(`search index ${to} exists already`);
      indexes.set(to, { name: to, settings: live.settings, documents: live.documents, engine: live.engine, label: live.label });
      retire(name, live);
    }),
    deleteIndex: (name) => settle(() => {
      const live = indexes.get(name);
      if (!live) return;
      retire(name, live);
    }),
    labelOf: (name) => settle(() => {
      const live = indexes.get(name);
      return live ? (live.label ?? null) : undefined;
    }),
    listIndexes: () => settle(() => [...indexes.keys()]),
    getCheckpoint: (projector) => settle(() => checkpoints.get(projector) ?? 0),
    setCheckpoint: (projector, position) => settle(() => {
      checkpoints.set(projector, position);
      scheduleFlush();
    }),
    close: () => settle(() => {
      if (closed) return;
      closed = true;
      if (!timer) return;
      clearTimeout(timer);
      timer = null;
      // what the snapshot lacks is replayed from the checkpoints after the next start; closing still says so
      persist();
    }),
  };
};
