import type { DocumentStore } from '@cn/platform/document-store';

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
}

export const SCHEDULER_COLLECTION = '_scheduled_timers';
/** setTimeout's limit: a timer further away is re-armed when this much has passed */
const MAX_DELAY_MS = 2_147_000_000;
const RETRY_BASE_MS = 1_000;
const RETRY_MAX_MS = 60_000;

export interface SchedulerOptions {
  store: DocumentStore;
  /** where the timers are kept (default SCHEDULER_COLLECTION): a feature with timers of its own keeps them apart */
  collection?: string;
  clock?: () => Date;
  logger?: SchedulerLogger;
}

/**
 * A small durable scheduler: timers live in the document store (`_scheduled_timers`), one per key, and
 * are armed in memory while the process runs. A due timer runs its kind's handler, then is removed only
 * if it was not replaced meanwhile; a failing handler is retried with a growing delay (1 s doubling to a
 * minute). Several processes sharing the store would each fire a due timer: handlers are idempotent, so
 * that costs a no-op command, never a second event.
 */
export const createScheduler = (options: SchedulerOptions): Scheduler => {
  const timers = options.store.collection<ScheduledTimer>(options.collection ?? SCHEDULER_COLLECTION);
  const clock = options.clock ?? (() => new Date());
  const handlers = new Map<string, TimerHandler>();
  const armed = new Map<string, NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  let started = false;

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
      const run = fire(timer).finally(() => running.delete(run));
      running.add(run);
    }, Math.min(delay, MAX_DELAY_MS));
    timeout.unref();
    armed.set(timer._id, timeout);
  };

  const fire = async (timer: ScheduledTimer): Promise<void> => {
    const handler = handlers.get(timer.kind);
    // the stored one is the truth: cancelled or replaced since it was armed
    const current = await timers.get(timer._id);
    if (!current || current.due_at !== timer.due_at || current.kind !== timer.kind) return;
    if (!handler) {
      options.logger?.warn({ key: timer._id, kind: timer.kind }, 'no handler for a due timer; kept for later');
      return;
    }
    try {
      await handler(current.payload, { key: current._id, due_at: current.due_at });
    } catch (error) {
      const attempts = current.attempts + 1;
      options.logger?.error({ err: error, key: current._id, kind: current.kind, attempts }, 'a due timer failed; retrying');
      const retried = { ...current, attempts };
      await timers.upsert(retried).catch(() => undefined);
      arm(retried, Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** (attempts - 1)));
      return;
    }
    const after = await timers.get(timer._id);
    if (after && after.due_at === current.due_at && after.kind === current.kind) await timers.delete(timer._id);
  };

  return {
    schedule: async (key, dueAt, kind, payload) => {
      const timer: ScheduledTimer = { _id: key, kind, due_at: typeof dueAt === 'string' ? new Date(dueAt).toISOString() : dueAt.toISOString(), payload, attempts: 0 };
      await timers.upsert(timer);
      arm(timer);
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
      for (const timer of await timers.find({}, { sort: [['due_at', 1]] })) arm(timer);
    },
    stop: async () => {
      started = false;
      for (const key of [...armed.keys()]) disarm(key);
      await Promise.allSettled([...running]);
    },
    idle: async () => {
      await Promise.allSettled([...running]);
    },
  };
};
