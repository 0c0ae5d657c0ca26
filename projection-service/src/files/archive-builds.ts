import { randomUUID } from 'node:crypto';
import { versionOf, writeIfVersion, type Document, type DocumentStore } from '@cn/platform';

/** the archive exports waiting to be built or being built, shared by every process on the store */
export const FILE_ARCHIVE_BUILDS_COLLECTION = '_file_archive_builds';
/** how many exports one process builds at once (`FILE_ARCHIVE_BUILDS`), the others wait in its queue */
export const DEFAULT_ARCHIVE_BUILDS = 2;
export const ARCHIVE_BUILDS_SETTING = 'FILE_ARCHIVE_BUILDS';
/** how long a process's claim on a build keeps the others off it; the builder renews it every third of it, so only a process that died (or stalled that long) loses it */
export const ARCHIVE_BUILD_LEASE_MS = 2 * 60_000;
/** how often a process looks for builds nobody holds (another process died, or a build failed and waits to be tried again) */
export const ARCHIVE_BUILD_POLL_MS = 30_000;

/** the concurrent builds of one process: `FILE_ARCHIVE_BUILDS`, a whole number from 1 to 16, else the default */
export const archiveBuildsOf = (raw: string | undefined): number => {
  const value = Number(raw);
  return Number.isInteger(value) && value >= 1 && value <= 16 ? value : DEFAULT_ARCHIVE_BUILDS;
};

export interface ArchiveBuildJob<P = unknown> {
  [field: string]: unknown;
  /** the archive's id */
  _id: string;
  /** what the builder needs (the request and where it is in the log) */
  payload: P;
  /** the process building it now, until `claimed_until` (ISO) */
  claimed_by?: string;
  claimed_until?: string;
  /** how often building it failed */
  attempts: number;
  _version?: number;
}

export interface ArchiveBuildLogger {
  warn(obj: object, msg?: string): void;
}

/** builds one export; `signal` aborts when the claim was lost (another process holds it now): write nothing more */
export type ArchiveBuild<P> = (payload: P, signal: AbortSignal) => Promise<void>;

export interface ArchiveBuilds<P> {
  /** keeps the build in the shared store (once, whoever asks first) and queues it here */
  enqueue(id: string, payload: P): Promise<void>;
  /** queues every stored build, and does so again every `pollMs` */
  start(): Promise<void>;
  /** stops taking builds; those running finish */
  stop(): Promise<void>;
  /** the queue is empty and no build runs (tests, shutdown) */
  idle(): Promise<void>;
  /** queues every stored build nobody holds (what the poll does) */
  rescan(): Promise<void>;
  /** builds running in this process now, and the most that ran at once */
  readonly stats: { running: number; most: number; built: number };
}

export interface ArchiveBuildsOptions<P> {
  store: DocumentStore;
  build: ArchiveBuild<P>;
  /** builds at once in this process (default DEFAULT_ARCHIVE_BUILDS) */
  concurrency?: number;
  clock?: () => Date;
  logger?: ArchiveBuildLogger;
  leaseMs?: number;
  /** 0: no poll (tests call rescan) */
  pollMs?: number;
}

/**
 * The archive exports' build queue. A build is claimed once across the processes sharing the document
 * store (replicas): the job is a document of `_file_archive_builds`, and a process builds it only after one
 * conditional write puts its claim (`claimed_by`, `claimed_until`) on the version it read, so of two
 * processes that both queued it exactly one wins; the other never starts, and never writes a byte. The
 * winner renews its claim while it builds; if a renewal finds the job changed (its claim lapsed and another
 * process took it over) the build is aborted before anything more is written. A finished build removes its
 * job; a failed one drops its claim and is tried again at the next poll. Each process builds at most
 * `concurrency` exports at once; the others wait in its queue, in the order they came.
 */
export const createArchiveBuilds = <P>(options: ArchiveBuildsOptions<P>): ArchiveBuilds<P> => {
  const name = FILE_ARCHIVE_BUILDS_COLLECTION;
  const jobs = options.store.collection<ArchiveBuildJob<P>>(name);
  const clock = options.clock ?? (() => new Date());
  const leaseMs = options.leaseMs ?? ARCHIVE_BUILD_LEASE_MS;
  const pollMs = options.pollMs ?? ARCHIVE_BUILD_POLL_MS;
  const concurrency = Math.max(1, options.concurrency ?? DEFAULT_ARCHIVE_BUILDS);
  const self = randomUUID();
  const waiting: string[] = [];
  /** queued or building here: never twice */
  const here = new Set<string>();
  const running = new Set<Promise<void>>();
  const stats = { running: 0, most: 0, built: 0 };
  let started = false;
  let stopped = false;
  let poll: NodeJS.Timeout | null = null;

  const writeIf = (id: string, read: Document | null, doc: ArchiveBuildJob<P> | null): Promise<boolean> => writeIfVersion(options.store, name, id, read, doc);

  const queue = (id: string): void => {
    if (stopped || here.has(id)) return;
    here.add(id);
    waiting.push(id);
    pump();
  };

  const pump = (): void => {
    while (started && !stopped && stats.running < concurrency && waiting.length > 0) {
      const id = waiting.shift() as string;
      stats.running += 1;
      stats.most = Math.max(stats.most, stats.running);
      const run = claimAndBuild(id)
        .catch((error: unknown) => options.logger?.warn({ err: error, archive_id: id }, 'an archive export could not be built; trying again later'))
        .finally(() => {
          stats.running -= 1;
          here.delete(id);
          running.delete(run);
          pump();
        });
      running.add(run);
    }
  };

  const claimAndBuild = async (id: string): Promise<void> => {
    const job = await jobs.get(id);
    if (!job) return;
    const now = clock().getTime();
    // another process builds it (or died doing so: the poll looks again once its claim lapsed)
    if (job.claimed_until && Date.parse(job.claimed_until) > now) return;
    const claimed: ArchiveBuildJob<P> = { ...job, claimed_by: self, claimed_until: new Date(now + leaseMs).toISOString() };
    if (!(await writeIf(id, job, claimed))) return;
    let held: ArchiveBuildJob<P> = { ...claimed, _version: versionOf(job) + 1 };
    const lost = new AbortController();
    let renewing = Promise.resolve();
    const renewal = setInterval(() => {
      renewing = renewing.then(async () => {
        if (lost.signal.aborted) return;
        const renewed: ArchiveBuildJob<P> = { ...held, claimed_until: new Date(clock().getTime() + leaseMs).toISOString() };
        if (await writeIf(id, held, renewed).catch(() => false)) held = { ...renewed, _version: versionOf(held) + 1 };
        else lost.abort();
      });
    }, Math.max(1, Math.floor(leaseMs / 3)));
    renewal.unref();
    try {
      await options.build(job.payload, lost.signal);
    } catch (error) {
      clearInterval(renewal);
      await renewing;
      if (!lost.signal.aborted) {
        const released: ArchiveBuildJob<P> = { ...held, attempts: held.attempts + 1 };
        delete released.claimed_by;
        delete released.claimed_until;
        await writeIf(id, held, released).catch(() => false);
      }
      throw error;
    }
    clearInterval(renewal);
    await renewing;
    stats.built += 1;
    if (!lost.signal.aborted) await writeIf(id, held, null);
  };

  const rescan = async (): Promise<void> => {
    if (!started || stopped) return;
    const now = clock().getTime();
    for (const job of await jobs.find({})) if (!job.claimed_until || Date.parse(job.claimed_until) <= now) queue(job._id);
  };

  return {
    enqueue: async (id, payload) => {
      // a replica (or a replay) that stored it first leaves it as it is, claim included; queued here all the same, the claim decides who builds
      if (!(await jobs.get(id))) await writeIf(id, null, { _id: id, payload, attempts: 0 });
      queue(id);
    },
    start: async () => {
      if (started) return;
      started = true;
      stopped = false;
      await rescan();
      pump();
      if (pollMs > 0) {
        poll = setInterval(() => {
          rescan().catch((error: unknown) => options.logger?.warn({ err: error, collection: name }, 'archive builds could not be read; trying again'));
        }, pollMs);
        poll.unref();
      }
    },
    stop: async () => {
      stopped = true;
      if (poll) clearInterval(poll);
      poll = null;
      waiting.length = 0;
      await Promise.allSettled([...running]);
      here.clear();
      started = false;
    },
    idle: async () => {
      // a build ending starts the next queued one before it settles: the loop sees it
      while (running.size > 0) await Promise.allSettled([...running]);
    },
    rescan,
    stats,
  };
};
