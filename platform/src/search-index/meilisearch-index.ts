import { createHash } from 'node:crypto';
import { MeiliSearch, MeiliSearchApiError } from 'meilisearch';
import type { EnqueuedTask, Index, MultiSearchQuery, SearchResponse, Settings, SwapIndexesParams, Task, TaskStatus } from 'meilisearch';
import type {
  IndexSettings,
  OpenOptions,
  SearchCollection,
  SearchDocument,
  SearchIndex,
  SearchQuery,
  SearchResult,
} from './search-index';

export interface MeiliSearchIndexOptions {
  /** e.g. `http://127.0.0.1:7700` */
  host: string;
  apiKey?: string;
  /** how long a write waits for Meilisearch to apply it (default 30 s) */
  taskTimeoutMs?: number;
  /**
   * put before every index name (checkpoints too), so that several networks, or test runs, share one
   * server without seeing each other's indexes; letters, digits, `-` and `_`
   */
  indexPrefix?: string;
}

const CHECKPOINTS_INDEX = '_checkpoints';
const DEFAULT_LIMIT = 20;
/** totals must be exact (paging in the consoles), not capped at Meilisearch's default of 1000 */
const MAX_TOTAL_HITS = 1_000_000;
/**
 * Meilisearch's default rules, but `sort` first: a query that names a sort is ordered by it, relevance only
 * breaking ties, as the embedded index does (by default a title match would come before a later date). A
 * query without a sort is ranked by relevance alone. `attribute` (not 1.x's newer split of it) so any 1.x takes it.
 */
const RANKING_RULES = ['sort', 'words', 'typo', 'proximity', 'attribute', 'exactness'];
/** Meilisearch's index uids; attribute names reach filter expressions, so they are restricted too */
const SAFE_INDEX_UID = /^[A-Za-z0-9_-]{1,400}$/;
const SAFE_ATTRIBUTE = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)*$/;

interface CheckpointDocument {
  id: string;
  projector: string;
  position: number;
  [field: string]: unknown;
}

type FilterValue = string | number | boolean;

const attribute = (name: string): string => {
  if (!SAFE_ATTRIBUTE.test(name)) throw new Error(`invalid attribute name: ${name}`);
  return name;
};

/** A filter literal: strings double-quoted with `"` and `\` escaped, so values can never change the expression. */
const literal = (value: FilterValue): string => {
  if (typeof value === 'string') return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`invalid filter number: ${value}`);
    return String(value);
  }
  return value ? 'true' : 'false';
};

/** null when a condition can match nothing (an empty any-of) */
const toMeiliFilter = (filter: SearchQuery['filter']): string[] | null => {
  const clauses: string[] = [];
  for (const [field, value] of Object.entries(filter ?? {})) {
    // the index holds encoded ids (meiliIdOf): a filter on `id` compares them
    const encode = (one: FilterValue): FilterValue => (field === 'id' && typeof one === 'string' ? meiliIdOf(one) : one);
    if (Array.isArray(value)) {
      const values = (value as readonly FilterValue[]).map(encode);
      if (values.length === 0) return null;
      clauses.push(`${attribute(field)} IN [${values.map(literal).join(', ')}]`);
    } else {
      clauses.push(`${attribute(field)} = ${literal(encode(value as FilterValue))}`);
    }
  }
  return clauses;
};

/**
 * Meilisearch takes document ids of letters, digits, `-` and `_` only, at most 511 bytes; ours may hold any
 * character (`group:slug`, an address, a tag, a unicode name) and be longer. The document's `id` in
 * Meilisearch is therefore `meiliIdOf(id)`: the id itself when Meilisearch takes it and it does not start
 * with `__`; else `__b` and its UTF-8 bytes in base64url, or, when that would pass 511 bytes, `__h` and the
 * base64url SHA-256 of the id. Raw ids never start with `__` and the two encodings differ in their third
 * character, so no two ids share a Meilisearch id. An encoded document also keeps its id in `ORIGINAL_ID`,
 * which every answer gives back as `id` (and which a search of `id` searches too); a filter on `id` compares
 * the encoded values. Documents of ids Meilisearch took as they were are stored as before.
 */
const MAX_MEILI_ID_BYTES = 511;
const RAW_MEILI_ID = /^[A-Za-z0-9_-]+$/;
export const ORIGINAL_ID = '_cn_id';
export const meiliIdOf = (id: string): string => {
  if (RAW_MEILI_ID.test(id) && !id.startsWith('__') && id.length <= MAX_MEILI_ID_BYTES) return id;
  const encoded = `__b${Buffer.from(id, 'utf8').toString('base64url')}`;
  if (encoded.length <= MAX_MEILI_ID_BYTES) return encoded;
  return `__h${createHash('sha256').update(id, 'utf8').digest('base64url')}`;
};
/** a document as Meilisearch keeps it: its id encoded, the original beside it when it differs */
const toStored = <T extends SearchDocument>(doc: T): SearchDocument => {
  const stored = meiliIdOf(doc.id);
  return stored === doc.id ? doc : { ...doc, id: stored, [ORIGINAL_ID]: doc.id };
};
/** a document as Meilisearch answers it, with its own id again */
const fromStored = <T extends SearchDocument>(stored: T): T => {
  const original = stored[ORIGINAL_ID];
  if (typeof original !== 'string') return stored;
  const { [ORIGINAL_ID]: _original, ...doc } = stored;
  return { ...doc, id: original } as T;
};
/** the searchable attributes as Meilisearch keeps them: an encoded id is searched by its original */
const searchableOf = (attributes: readonly string[]): string[] => attributes.flatMap((name) => (name === 'id' ? ['id', ORIGINAL_ID] : [name]));

/**
 * An index's label (`OpenOptions.label`) is kept in its settings, which a swap or a rename moves with its
 * documents: as a word typos are not tolerated on (`typoTolerance.disableOnWords`), which no query holds and
 * which changes nothing indexed (the setting applies to queries only).
 */
const LABEL_WORD = 'cnlabel';
const SAFE_LABEL = /^[a-z0-9]{1,64}$/;
const labelWord = (label: string): string => {
  if (!SAFE_LABEL.test(label)) throw new Error(`invalid index label: ${label}`);
  return `${LABEL_WORD}${label}`;
};

/** whether an index's settings (as Meilisearch answers them) are those `ensureIndex` would set */
const sameList = (a: unknown, b: readonly string[], ordered: boolean): boolean =>
  Array.isArray(a) && a.length === b.length && a.every((item) => typeof item === 'string') && (ordered ? a.every((item, at) => item === b[at]) : b.every((item) => a.includes(item)));
const holdsSettings = (
  current: Settings,
  wanted: { searchableAttributes: string[]; filterableAttributes: string[]; sortableAttributes: string[]; rankingRules: string[]; pagination: { maxTotalHits: number }; typoTolerance?: { disableOnWords: string[] } },
): boolean =>
  sameList(current.searchableAttributes, wanted.searchableAttributes, true) &&
  sameList(current.filterableAttributes, wanted.filterableAttributes, false) &&
  sameList(current.sortableAttributes, wanted.sortableAttributes, false) &&
  sameList(current.rankingRules, wanted.rankingRules, true) &&
  current.pagination?.maxTotalHits === wanted.pagination.maxTotalHits &&
  (wanted.typoTolerance === undefined || sameList(current.typoTolerance?.disableOnWords, wanted.typoTolerance.disableOnWords, false));

/** projector names may hold characters Meilisearch ids refuse; hex keeps them unique and valid */
const checkpointId = (projector: string): string => Buffer.from(projector, 'utf8').toString('hex');

/** how often the tasks waited for are looked at, all in one request */
const TASK_LOOK_MS = 25;
const FINISHED: TaskStatus[] = ['succeeded', 'failed', 'canceled'];

/**
 * Waits for tasks Meilisearch accepted, by their uids, and fails unless Meilisearch says one succeeded. Every
 * task waited for at the same moment is asked about in one request (`GET /tasks?uids=…&statuses=…`), at once
 * and then every 25 ms while any is waited for: a task is seen done within 25 ms of finishing, and the server answers one
 * request per look whatever the number of writes waiting (it applies them one batch at a time, so on a loaded
 * server dozens wait at once; asked one by one at ever longer intervals, each was seen up to 200 ms late).
 */
const taskWaiter = (client: MeiliSearch) => {
  const waiting = new Map<number, Array<{ deadline: number; timeOutMs: number; resolve: (task: Task) => void; reject: (error: unknown) => void }>>();
  let looking = false;
  const look = async (): Promise<void> => {
    looking = true;
    try {
      // the first look at once (a task waited for late may be done already; the waits asked in the same turn
      // join it), then every TASK_LOOK_MS
      for (let first = true; waiting.size > 0; first = false) {
        await new Promise((resolve) => (first ? setImmediate(resolve) : setTimeout(resolve, TASK_LOOK_MS)));
        const uids = [...waiting.keys()];
        let finished: Task[];
        try {
          finished = (await client.getTasks({ uids, statuses: FINISHED, limit: uids.length })).results;
        } catch (error) {
          // the server did not answer: every task waited for fails (as its own look at it failed before)
          for (const uid of uids) for (const waiter of waiting.get(uid) ?? []) waiter.reject(error);
          for (const uid of uids) waiting.delete(uid);
          continue;
        }
        for (const task of finished) {
          for (const waiter of waiting.get(task.uid) ?? []) waiter.resolve(task);
          waiting.delete(task.uid);
        }
        const now = Date.now();
        for (const [uid, waiters] of waiting) {
          const late = waiters.filter((waiter) => now >= waiter.deadline);
          for (const waiter of late) waiter.reject(new Error(`Meilisearch task ${uid} not done after ${waiter.timeOutMs} ms`));
          if (late.length === waiters.length) waiting.delete(uid);
          else if (late.length > 0) waiting.set(uid, waiters.filter((waiter) => !late.includes(waiter)));
        }
      }
    } finally {
      looking = false;
    }
  };
  return async (enqueued: Promise<EnqueuedTask>, timeOutMs: number): Promise<void> => {
    const { taskUid } = await enqueued;
    const task = await new Promise<Task>((resolve, reject) => {
      const waiters = waiting.get(taskUid) ?? [];
      waiters.push({ deadline: Date.now() + timeOutMs, timeOutMs, resolve, reject });
      waiting.set(taskUid, waiters);
      if (!looking) void look();
    });
    if (task.status !== 'succeeded') {
      throw new Error(`Meilisearch task ${taskUid} (${task.type}) ${task.status}: ${task.error?.message ?? 'no error message'}`);
    }
  };
};
/** the waiter of each client's tasks */
const waiters = new WeakMap<MeiliSearch, ReturnType<typeof taskWaiter>>();
const succeeded = (client: MeiliSearch, enqueued: Promise<EnqueuedTask>, timeOutMs: number): Promise<void> => {
  let waiter = waiters.get(client);
  if (!waiter) {
    waiter = taskWaiter(client);
    waiters.set(client, waiter);
  }
  return waiter(enqueued, timeOutMs);
};

/** waits for every promise, then fails with the first failure (none is left unhandled) */
const settleAll = async (promises: ReadonlyArray<Promise<void>>): Promise<void> => {
  const failed = (await Promise.allSettled(promises)).find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (failed) throw failed.reason;
};

/**
 * Deletes every index whose uid starts with `prefix` (MEILI_INDEX_PREFIX): what a test run, or a network
 * taken off a shared server, leaves behind. Answers the uids deleted. The prefix must be a whole one (letters,
 * digits, `-` and `_`, not empty), so that this never reaches every index on the server.
 */
/** every index uid on the server that starts with `prefix`, page by page (`GET /indexes`) */
const uidsWithPrefix = async (client: MeiliSearch, prefix: string): Promise<string[]> => {
  const page = 100;
  const uids: string[] = [];
  for (let offset = 0; ; offset += page) {
    const { results, total } = await client.getRawIndexes({ offset, limit: page });
    uids.push(...results.map((index) => index.uid).filter((uid) => uid.startsWith(prefix)));
    if (offset + page >= total) break;
  }
  return uids;
};

export const deleteMeiliIndexesWithPrefix = async (options: { host: string; apiKey?: string; prefix: string }): Promise<string[]> => {
  if (!SAFE_INDEX_UID.test(options.prefix)) throw new Error(`invalid index prefix: '${options.prefix}'`);
  const client = new MeiliSearch({ host: options.host, apiKey: options.apiKey });
  const uids = await uidsWithPrefix(client, options.prefix);
  for (const uid of uids) await succeeded(client, client.deleteIndex(uid), 60_000);
  return uids;
};

export const createMeiliSearchIndex = (options: MeiliSearchIndexOptions): SearchIndex => {
  const client = new MeiliSearch({ host: options.host, apiKey: options.apiKey });
  const prefix = options.indexPrefix ?? '';
  /** the server's uid of the index the port calls `name` */
  const uidOf = (name: string): string => {
    const uid = `${prefix}${name}`;
    if (!SAFE_INDEX_UID.test(uid)) throw new Error(`invalid index name: ${uid}`);
    return uid;
  };
  const timeOutMs = options.taskTimeoutMs ?? 30_000;
  /** `uid\nsettings` -> their application by this instance, so repeated index() calls cost no task */
  const prepared = new Map<string, Promise<void>>();
  const preparedKey = (uid: string, settings: IndexSettings, label?: string): string => `${uid}\n${JSON.stringify(settings)}${label === undefined ? '' : `\n${label}`}`;
  /** the keys of every settings this instance applied (or is applying) to the index `uid` */
  const preparedKeysOf = (uid: string): string[] => [...prepared.keys()].filter((key) => key.startsWith(`${uid}\n`));

  const waitFor = (enqueued: Promise<EnqueuedTask>): Promise<void> => succeeded(client, enqueued, timeOutMs);

  /**
   * Creates the index when missing and applies its settings, unless it holds them already: a settings update is
   * a task like any write, queued behind every other on the server (seconds on a loaded one), and every start
   * opens every index; reading the settings is no task.
   */
  const ensureIndex = async (uid: string, settings: IndexSettings, label?: string): Promise<void> => {
    const wanted = {
      searchableAttributes: searchableOf(settings.searchableAttributes),
      filterableAttributes: settings.filterableAttributes,
      sortableAttributes: settings.sortableAttributes ?? [],
      rankingRules: RANKING_RULES,
      pagination: { maxTotalHits: MAX_TOTAL_HITS },
      ...(label === undefined ? {} : { typoTolerance: { disableOnWords: [labelWord(label)] } }),
    };
    let current: Settings | null = null;
    try {
      current = await client.index(uid).getSettings();
    } catch (error) {
      if (!(error instanceof MeiliSearchApiError && error.cause?.code === 'index_not_found')) throw error;
      try {
        await waitFor(client.createIndex(uid, { primaryKey: 'id' }));
      } catch (createError) {
        // another instance created it meanwhile
        if (!String(createError).includes('index_already_exists') && !String(createError).includes('already exists')) {
          throw createError;
        }
      }
    }
    if (current !== null && holdsSettings(current, wanted)) return;
    await waitFor(client.index(uid).updateSettings(wanted));
  };

  const prepare = (uid: string, settings: IndexSettings, label?: string): Promise<void> => {
    const key = preparedKey(uid, settings, label);
    let ready = prepared.get(key);
    if (!ready) {
      ready = ensureIndex(uid, settings, label);
      prepared.set(key, ready);
      ready.catch(() => prepared.delete(key));
    }
    return ready;
  };

  /** per index uid, the deferred writes it accepted and that nobody has yet seen succeed, in order */
  const deferred = new Map<string, Array<Promise<EnqueuedTask>>>();
  const defer = async (uid: string, enqueued: Promise<EnqueuedTask>): Promise<void> => {
    // awaited by the next swap; a failure is reported there too, so it must not go unhandled meanwhile
    enqueued.catch(() => undefined);
    const tasks = deferred.get(uid) ?? [];
    tasks.push(enqueued);
    deferred.set(uid, tasks);
    await enqueued;
  };
  /**
   * Waits for every deferred write to `uid` in order, and fails with the first that did not succeed: a swap
   * takes in an index only once all its writes are applied, and a rebuild whose write failed fails before its
   * swap (the old index keeps answering) instead of swapping in an index that lacks documents.
   */
  const settleDeferred = async (uid: string): Promise<void> => {
    const tasks = deferred.get(uid) ?? [];
    deferred.delete(uid);
    // all waited for at once (one request per look), the first failure in their order reported
    await settleAll(tasks.map(waitFor));
  };

  /**
   * The searches asked in one turn of the event loop (a global search asks each module's index at once),
   * sent as one multi-search request: one round trip instead of one each, which on a loaded server is most
   * of a search's cost. Each caller gets its own query's answer; a failing request fails every one of them.
   */
  let queued: Array<{ query: MultiSearchQuery; resolve: (response: SearchResponse<SearchDocument>) => void; reject: (error: unknown) => void }> = [];
  const sendQueued = (): void => {
    const sending = queued;
    queued = [];
    client.multiSearch<SearchDocument>({ queries: sending.map((one) => one.query) }).then(
      ({ results }) => {
        sending.forEach((one, at) => (results[at] ? one.resolve(results[at]) : one.reject(new Error(`Meilisearch answered no result for query ${at}`))));
      },
      (error: unknown) => sending.forEach((one) => one.reject(error)),
    );
  };
  const multiSearched = (query: MultiSearchQuery): Promise<SearchResponse<SearchDocument>> =>
    new Promise((resolve, reject) => {
      if (queued.length === 0) setImmediate(sendQueued);
      queued.push({ query, resolve, reject });
    });

  const search = async <T extends SearchDocument>(uid: string, query: SearchQuery): Promise<SearchResult<T>> => {
    const filter = toMeiliFilter(query.filter);
    const limit = Math.max(0, query.limit ?? DEFAULT_LIMIT);
    const offset = Math.max(0, query.offset ?? 0);
    const sort = (query.sort ?? []).map(([field, direction]) => `${attribute(field)}:${direction}`);
    if (filter === null) {
      return { hits: [], total: 0 };
    }
    // an index being rebuilt is read by its own indexing (e.g. the replies of a post): it sees every write it
    // accepted, as the embedded index does, not the ones Meilisearch happened to apply already
    if (deferred.has(uid)) await settleDeferred(uid);
    // page/hitsPerPage answers an exact totalHits (offset/limit only an estimate); an offset that is not
    // a multiple of the limit is served from one larger first page
    const aligned = limit > 0 && offset % limit === 0;
    const response = await multiSearched({
      indexUid: uid,
      q: query.q,
      filter: filter.length > 0 ? filter : undefined,
      sort: sort.length > 0 ? sort : undefined,
      // every word of the query must match, as on the embedded index (Meilisearch's default, `last`,
      // drops words from the end until something matches, so counts would differ)
      matchingStrategy: 'all',
      page: aligned ? offset / limit + 1 : 1,
      hitsPerPage: aligned ? limit : limit === 0 ? 0 : offset + limit,
    });
    const hits = (aligned ? response.hits : response.hits.slice(offset, offset + limit)) as T[];
    return { hits: hits.map(fromStored), total: response.totalHits ?? 0 };
  };

  const collection = <T extends SearchDocument>(uid: string, options: OpenOptions): SearchCollection<T> => {
    const index = client.index<T>(uid);
    /** waiting makes a write visible to the next search; a deferred one is waited for by the next swap */
    const write = (enqueued: Promise<EnqueuedTask>): Promise<void> => (options.deferWrites ? defer(uid, enqueued) : waitFor(enqueued));
    return {
      upsert: async (docs) => {
        if (docs.length === 0) return;
        // addDocuments replaces whole documents by id
        await write(index.addDocuments(docs.map(toStored) as T[], { primaryKey: 'id' }));
      },
      delete: async (ids) => {
        if (ids.length === 0) return;
        await write(index.deleteDocuments(ids.map(meiliIdOf)));
      },
      // one batch's documents and deletions (disjoint ids, so their order does not matter) are enqueued at once:
      // Meilisearch applies an index's consecutive additions and deletions by id as one batch
      write: async (changes) => {
        const enqueued: Array<Promise<EnqueuedTask>> = [];
        if (changes.upsert.length > 0) enqueued.push(index.addDocuments(changes.upsert.map(toStored) as T[], { primaryKey: 'id' }));
        if (changes.delete.length > 0) enqueued.push(index.deleteDocuments(changes.delete.map(meiliIdOf)));
        await settleAll(enqueued.map(write));
      },
      // a partial update (PUT /documents): Meilisearch merges the fields into the stored document, and creates
      // one of only these fields for an id it does not hold (the caller removes it: see the port)
      merge: async (docs) => {
        if (docs.length === 0) return;
        await write(index.updateDocuments(docs.map(toStored) as T[], { primaryKey: 'id' }));
      },
      search: (query) => search<T>(uid, query),
      get: async (id) => {
        try {
          return fromStored(await index.getDocument<T>(meiliIdOf(id)));
        } catch (error) {
          // Meilisearch answers 404 document_not_found for an id it does not hold
          if ((error as { cause?: { code?: string } }).cause?.code === 'document_not_found') return null;
          throw error;
        }
      },
      clear: async () => {
        await write(index.deleteAllDocuments());
      },
    };
  };

  const checkpointSettings: IndexSettings = { searchableAttributes: ['projector'], filterableAttributes: [] };
  const checkpoints = async (): Promise<Index<CheckpointDocument>> => {
    await prepare(uidOf(CHECKPOINTS_INDEX), checkpointSettings);
    return client.index<CheckpointDocument>(uidOf(CHECKPOINTS_INDEX));
  };

  return {
    index: async <T extends SearchDocument = SearchDocument>(name: string, settings: IndexSettings, options: OpenOptions = {}) => {
      await prepare(uidOf(name), settings, options.label);
      return collection<T>(uidOf(name), options);
    },
    getCheckpoint: async (projector) => {
      const index = await checkpoints();
      try {
        const doc = await index.getDocument(checkpointId(projector));
        return doc.position;
      } catch (error) {
        if (error instanceof MeiliSearchApiError && error.cause?.code === 'document_not_found') return 0;
        throw error;
      }
    },
    setCheckpoint: async (projector, position) => {
      const index = await checkpoints();
      await waitFor(index.addDocuments([{ id: checkpointId(projector), projector, position }], { primaryKey: 'id' }));
    },
    // Meilisearch swaps the two indexes' documents and settings in one task; what this instance applied to
    // each name is forgotten, so that the next index() call checks the settings again
    swapIndexes: async (name, other) => {
      if (name === other) return;
      const [first, second] = [uidOf(name), uidOf(other)];
      const keysOfBoth = (): string[] => [...preparedKeysOf(first), ...preparedKeysOf(second)];
      // a preparation still under way (or failed: the swap then names what is missing) ends first
      await Promise.allSettled(keysOfBoth().flatMap((key) => prepared.get(key) ?? []));
      // the rebuilt index's deferred writes are all applied before it is swapped in (or the swap fails)
      await settleDeferred(first);
      await settleDeferred(second);
      await waitFor(client.swapIndexes([{ indexes: [first, second] }]));
      // each name now holds the other's settings: whatever this instance applied to either no longer holds
      for (const key of keysOfBoth()) prepared.delete(key);
    },
    // Meilisearch's swap with `rename` (a task like a swap, so after every task accepted before it)
    renameIndex: async (name, to) => {
      const [from, target] = [uidOf(name), uidOf(to)];
      const keysOfBoth = (): string[] => [...preparedKeysOf(from), ...preparedKeysOf(target)];
      await Promise.allSettled(keysOfBoth().flatMap((key) => prepared.get(key) ?? []));
      await settleDeferred(from);
      // the client's types predate `rename`; the server (1.15 and later) takes it
      await waitFor(client.swapIndexes([{ indexes: [from, target], rename: true }] as unknown as SwapIndexesParams));
      for (const key of keysOfBoth()) prepared.delete(key);
    },
    deleteIndex: async (name) => {
      const uid = uidOf(name);
      for (const key of preparedKeysOf(uid)) prepared.delete(key);
      deferred.delete(uid);
      try {
        await waitFor(client.deleteIndex(uid));
      } catch (error) {
        if (!/not found/i.test(error instanceof Error ? error.message : String(error))) throw error;
      }
    },
    labelOf: async (name) => {
      try {
        const typos = await client.index(uidOf(name)).getTypoTolerance();
        const word = (typos?.disableOnWords ?? []).find((one) => one.startsWith(LABEL_WORD));
        return word === undefined ? null : word.slice(LABEL_WORD.length);
      } catch (error) {
        if (error instanceof MeiliSearchApiError && error.cause?.code === 'index_not_found') return undefined;
        throw error;
      }
    },
    // this instance's prefix taken off (another prefix's indexes are not this instance's), the checkpoints left out
    listIndexes: async () =>
      (await uidsWithPrefix(client, prefix)).map((uid) => uid.slice(prefix.length)).filter((name) => name !== CHECKPOINTS_INDEX && SAFE_INDEX_UID.test(name)),
    // the client keeps no connection open: forgetting the prepared indexes is all there is to release
    close: () => {
      prepared.clear();
      return Promise.resolve();
    },
  };
};
