/**
 * A full or read-only disk, or a storage server out of reach, is a fault of the moment: the command that
 * met it was not acknowledged (nothing was written), the service answers 503 `storage_unavailable` with
 * Retry-After, readiness turns false, and background work (projectors, the search snapshot) retries the
 * same thing later instead of dying. Once space returns, the next write succeeds: nothing is restarted.
 */
export const STORAGE_RETRY_AFTER_SECONDS = 5;

/** SQLite's result codes (better-sqlite3's SqliteError#code) that mean the storage cannot take a write now */
const SQLITE_FAULT = /^SQLITE_(FULL|IOERR|READONLY|CANTOPEN|BUSY|LOCKED|PROTOCOL|NOTADB)/;
/** Node's system errors of the same kind */
const FS_FAULTS = new Set(['ENOSPC', 'EROFS', 'EDQUOT', 'EIO', 'EMFILE', 'ENFILE']);
/**
 * the drivers' errors for a server out of reach (MongoDB, KafkaJS, EventStoreDB, Meilisearch). Meilisearch's
 * time-out is a task still queued when the wait ended: the write is applied again later (at least once).
 */
const UNREACHABLE = /^(MongoNetworkError|MongoNetworkTimeoutError|MongoServerSelectionError|MongoNotConnectedError|MongoWriteConcernError|KafkaJSConnectionError|KafkaJSNumberOfRetriesExceeded|KafkaJSRequestTimeoutError|UnavailableError|DeadlineExceededError|MeiliSearchRequestError|MeiliSearchTimeOutError)$/;

/** An adapter's way of saying the storage failed, whatever the driver said. */
export class StorageUnavailableError extends Error {
  constructor(readonly reason: string, options?: { cause?: unknown }) {
    super(`storage unavailable: ${reason}`, options);
    this.name = 'StorageUnavailableError';
  }
}

const codeOf = (error: object): string => {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : '';
};

/** Whether the error (or one it was caused by) is a storage fault rather than a bug or a refusal. */
export const isStorageFault = (error: unknown): boolean => {
  // by shape, not `instanceof Error`: a driver's error class may come from another realm (better-sqlite3
  // keeps the SqliteError class it was first loaded with)
  for (let current: unknown = error, depth = 0; typeof current === 'object' && current !== null && depth < 5; current = (current as { cause?: unknown }).cause, depth += 1) {
    if (current instanceof StorageUnavailableError) return true;
    const code = codeOf(current);
    const name = (current as { name?: unknown }).name;
    if (SQLITE_FAULT.test(code) || FS_FAULTS.has(code) || (typeof name === 'string' && UNREACHABLE.test(name))) return true;
  }
  return false;
};

/**
 * The process's view of its storage: failing since a fault was met, healthy again once a probe (a small
 * write) succeeds. Readiness reports it; every service process has one.
 */
export interface StorageHealth {
  /** records a fault; answers whether the error was one */
  noteFault(error: unknown): boolean;
  /** true while no fault is known, or after `probe` wrote successfully */
  check(probe: () => Promise<void>): Promise<boolean>;
  readonly failing: boolean;
}

export const createStorageHealth = (logger?: { warn(obj: object, msg?: string): void; info(obj: object, msg?: string): void }): StorageHealth => {
  let failing = false;
  return {
    noteFault: (error) => {
      if (!isStorageFault(error)) return false;
      if (!failing) logger?.warn({ err: error }, 'storage unavailable: answering 503 until a write succeeds again');
      failing = true;
      return true;
    },
    check: async (probe) => {
      if (!failing) return true;
      try {
        await probe();
        failing = false;
        logger?.info({}, 'storage writable again');
        return true;
      } catch {
        return false;
      }
    },
    get failing() {
      return failing;
    },
  };
};

/** the one health view of this process */
export const storageHealth: StorageHealth = createStorageHealth();

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `work` until it succeeds while it fails with storage faults, waiting longer each time (from
 * `firstDelayMs`, doubling, at most `maxDelayMs`); any other error is thrown at once. `stopped` ends the
 * retrying (shutdown): the last fault is thrown then.
 */
export const retryStorageFaults = async <T>(
  work: () => Promise<T>,
  options: { firstDelayMs?: number; maxDelayMs?: number; onFault?: (error: unknown, attempt: number) => void; stopped?: () => boolean } = {},
): Promise<T> => {
  let delay = options.firstDelayMs ?? 100;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (!isStorageFault(error) || options.stopped?.()) throw error;
      storageHealth.noteFault(error);
      options.onFault?.(error, attempt);
      await sleep(delay);
      delay = Math.min(delay * 2, options.maxDelayMs ?? 5_000);
    }
  }
};
