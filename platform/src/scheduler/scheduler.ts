import { randomUUID } from 'node:crypto';
import { versionOf, writeIfVersion, type DocumentStore } from '@cn/platform/document-store';

/** A timer as it is kept: due timers survive a restart and are armed again at start. */
export interface ScheduledTimer {
  [field: string]: unknown;
  _id: string;
  kind: string;
  /** ISO instant */
  due_at: string;
  payload: unknown;
  /** how often firing it failed (it is tried again with a growing delay) */
  attempts: number;
  /** the process firing it now (a scheduler's own id), until `claimed_until` (ISO): no other process fires it meanwhile */
  claimed_by?: string;
  claimed_until?: string;
  /** every write of a timer is conditional on the version read (replicas sharing the store) */
  _version?: number;
}

/**
 * What a kind of timer does when it is due. It must be idempotent (it sends a command that decides on
 * the stream, and a command sent twice changes nothing): a crash after it ran and before its timer was
 * removed fires it once more at the next start, and nothing may happen twice.
 */
export type TimerHandler = (payload: unknown, timer: { key: string; due_at: string }) => Promise<void>;

export interface SchedulerLogger {
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface Scheduler {
  /** sets (or replaces) the timer under `key`: one timer per key, the last one wins */
  schedule(key: string, dueAt: Date | string, kind: string, payload: unknown): Promise<void>;
  cancel(key: string): Promise<void>;
  /** what a kind does; registered before start */
  handle(kind: string, handler: TimerHandler): void;
  /** arms every stored timer (overdue ones fire at once) */
  start(): Promise<void>;
  /** disarms; stored timers stay for the next start */
  stop(): Promise<void>;
  /** resolves once the timers firing now have finished (tests, shutdown) */
  idle(): Promise<void>;
  /**
   * arms every stored timer again against the clock now: timers another process set, or that a process which
   * died had claimed (it runs every `pollMs` by itself while started)
   */
  rescan(): Promise<void>;
}

export const SCHEDULER_COLLECTION = '_scheduled_timers';
/** setTimeout's limit: a timer further away is re-armed when this much has passed */
const MAX_DELAY_MS = 2_147_000_000;
const RETRY_BASE_MS = 1_000;
const RETRY_MAX_MS = 60_000;
/** how long a process's claim on a due timer keeps the others off it (a process that died loses it then) */
export const SCHEDULER_LEASE_MS = 60_000;
/** how often a running scheduler looks for timers set by other processes */
export const SCHEDULER_POLL_MS = 30_000;

export interface SchedulerOptions {
  store: DocumentStore;
  /** where the timers are kept (default SCHEDULER_COLLECTION): a feature with timers of its own keeps them apart */
  collection?: string;
  clock?: () => Date;
  logger?: SchedulerLogger;
  /** how long a claim on a firing timer holds (default SCHEDULER_LEASE_MS) */
  leaseMs?: number;
  /** how often the stored timers are armed again while started (default SCHEDULER_POLL_MS; 0: never) */
  pollMs?: number;
}

/**
 * A small durable scheduler: timers live in the document store (`_scheduled_timers`), one per key, and
 * are armed in memory while the process runs. A due timer runs its kind's handler, then is removed only
 * if it was not replaced meanwhile; a failing handler is retried with a growing delay (1 s doubling to a
 * minute).
 *
 * Several processes sharing the store (projection-service replicas): every write of a timer is conditional
 * on the version read (`ifVersion`), and a process fires a due timer only after claiming it (`claimed_by`,
 * `claimed_until`, one conditional write: exactly one process wins). Another process meets the claim and
 * looks again when it lapses: a process that died while firing is taken over then. Each running scheduler
 * arms the stored timers again every `pollMs`, so a timer set by a process that died meanwhile still fires.
 * Handlers stay idempotent: a handler that outlasts its claim may meet a second run.
 */
export const createScheduler = (options: SchedulerOptions): Scheduler => {
  const name = options.collection ?? SCHEDULER_COLLECTION;
  const timers = options.store.collection<ScheduledTimer>(name);
  const clock = options.clock ?? (() => new Date());
  const leaseMs = options.leaseMs ?? SCHEDULER_LEASE_MS;
  const pollMs = options.pollMs ?? SCHEDULER_POLL_MS;
  const self = randomUUID();
  const handlers = new Map<string, TimerHandler>();
  const armed = new Map<string, NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  let poll: NodeJS.Timeout | null = null;
  let started = false;

  /** writes (or deletes) a timer only if it is still the version read; false when another writer came first */
  const writeIf = (id: string, read: ScheduledTimer | null, doc: ScheduledTimer | null): Promise<boolean> => writeIfVersion(options.store, name, id, read, doc);

  const disarm = (key: string): void => {
    const timeout = armed.get(key);
    if (timeout) clearTimeout(timeout);
    armed.delete(key);
  };

  const arm = (timer: ScheduledTimer, delayOverride?: number): void => {
    if (!started) return;
    disarm(timer._id);
    const delay = delayOverride ?? Math.max(0, Date.parse(timer.due_at) - clock().getTime());
    const timeout = setTimeout(() => {
      armed.delete(timer._id);
      if (delay > MAX_DELAY_MS) {
        arm(timer);
        return;
      }
      const run = fire(timer)
        .catch((error: unknown) => options.logger?.error({ err: error, key: timer._id, kind: timer.kind }, 'a due timer could not be claimed'))
        .finally(() => running.delete(run));
      running.add(run);
    }, Math.min(delay, MAX_DELAY_MS));
    timeout.unref();
    armed.set(timer._id, timeout);
  };

  const same = (a: ScheduledTimer, b: ScheduledTimer): boolean => a.due_at === b.due_at && a.kind === b.kind;

  const fire = async (timer: ScheduledTimer): Promise<void> => {
    const handler = handlers.get(timer.kind);
    // the stored one is the truth: cancelled, or replaced (by this process or another) since it was armed
    const current = await timers.get(timer._id);
    if (!current) return;
    if (!same(current, timer)) {
      arm(current);
      return;
    }
    if (!handler) {
      options.logger?.warn({ key: timer._id, kind: timer.kind }, 'no handler for a due timer; kept for later');
      return;
    }
    const now = clock().getTime();
    const claimEnds = current.claimed_until ? Date.parse(current.claimed_until) : 0;
    if (claimEnds > now) {
      // another process (or this one, still at it) fires it: look again when its claim lapses
      arm(current, claimEnds - now);
      return;
    }
    const claimed: ScheduledTimer = { ...current, claimed_by: self, claimed_until: new Date(now + leaseMs).toISOString(), _version: versionOf(current) + 1 };
    if (!(await writeIf(current._id, current, claimed))) {
      const after = await timers.get(timer._id);
      if (after) arm(after);
      return;
    }
    try {
      await handler(current.payload, { key: current._id, due_at: current.due_at });
    } catch (error) {
      const attempts = current.attempts + 1;
      options.logger?.error({ err: error, key: current._id, kind: current.kind, attempts }, 'a due timer failed; retrying');
      const released: ScheduledTimer = { ...claimed, attempts };
      delete released.claimed_by;
      delete released.claimed_until;
      if (await writeIf(current._id, claimed, released).catch(() => false)) arm({ ...released, _version: versionOf(claimed) + 1 }, Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** (attempts - 1)));
      return;
    }
    // removed only if nobody replaced it meanwhile (the handler may have set the next one under the same key)
    if (!(await writeIf(current._id, claimed, null))) {
      const after = await timers.get(timer._id);
      if (after) arm(after);
    }
  };

  const rescan = async (): Promise<void> => {
    if (!started) return;
    for (const timer of await timers.find({}, { sort: [['due_at', 1]] })) arm(timer);
  };

  return {
    schedule: async (key, dueAt, kind, payload) => {
      const timer: ScheduledTimer = { _id: key, kind, due_at: typeof dueAt === 'string' ? new Date(dueAt).toISOString() : dueAt.toISOString(), payload, attempts: 0 };
      for (;;) {
        const stored = await timers.get(key);
        // set already (by this process or another): its claim, if any, stays
        if (stored && same(stored, timer) && JSON.stringify(stored.payload) === JSON.stringify(payload)) {
          if (!armed.has(key)) arm(stored);
          return;
        }
        if (await writeIf(key, stored, timer)) {
          arm(timer);
          return;
        }
      }
    },
    cancel: async (key) => {
      disarm(key);
      await timers.delete(key);
    },
    handle: (kind, handler) => {
      handlers.set(kind, handler);
    },
    start: async () => {
      if (started) return;
      started = true;
      await rescan();
      if (pollMs > 0) {
        poll = setInterval(() => {
          rescan().catch((error: unknown) => options.logger?.warn({ err: error, collection: name }, 'timers could not be read; trying again'));
        }, pollMs);
        poll.unref();
      }
    },
    stop: async () => {
      started = false;
      if (poll) clearInterval(poll);
      poll = null;
      for (const key of [...armed.keys()]) disarm(key);
      await Promise.allSettled([...running]);
    },
    idle: async () => {
      await Promise.allSettled([...running]);
    },
    rescan,
  };
};
