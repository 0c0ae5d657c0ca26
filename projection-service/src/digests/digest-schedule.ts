import { DEFAULT_TIME_ZONE, DIGEST_KINDS, type DigestKind, type NetworkSettings } from '@cn/contracts';
import { collectionName } from '@cn/domain';
import { createScheduler, type Scheduler, type SchedulerLogger } from '@cn/platform';
import { membershipSettingsProjection, type MembershipSettingsDocument } from '../membership-settings/membership-settings.projection';
import { loadNetwork } from '../network/network.read';
import { runDigestSlot, type DigestRunDeps, type DigestRunResult } from './digest-run';
import { planDigests, type DigestSlot } from './digest-slots';

/** the digests' timers, apart from other schedulers' (each arms every timer of its collection) */
export const DIGEST_TIMERS_COLLECTION = '_scheduled_digests';
export const DIGEST_TIMER_KIND = 'digest-plan';
export const digestTimerKey = (kind: DigestKind): string => `digests:${kind}`;

/** a planner timer's payload: every slot of the kind up to `from` is dealt with */
interface DigestTimerPayload {
  kind: DigestKind;
  from: string;
}

const isPayload = (value: unknown): value is DigestTimerPayload =>
  typeof value === 'object' && value !== null && DIGEST_KINDS.includes((value as DigestTimerPayload).kind) && typeof (value as DigestTimerPayload).from === 'string';


export interface DigestScheduleOptions extends DigestRunDeps {
  logger?: SchedulerLogger;
  /** after a slot was dealt with (tests, metrics) */
  onSlot?: (slot: DigestSlot, result: DigestRunResult) => void;
}

export interface DigestSchedule {
  scheduler: Scheduler;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The timed digests on the durable scheduler: one timer per kind (weekly, daily), kept in the document
 * store with the point up to which every slot was dealt with. When it fires it sends the slot that came
 * due (one missed while the process was down included, once), then sets itself again for the next slot,
 * or for a look at the settings within the hour. A slot that fails is retried by the scheduler; the
 * slot's mails and events are idempotent per member (runDigestSlot).
 */
export const createDigestSchedule = (options: DigestScheduleOptions): DigestSchedule => {
  const scheduler = createScheduler({ store: options.store, collection: DIGEST_TIMERS_COLLECTION, clock: options.clock, logger: options.logger });
  // the zone as the network's settings say now (a test may pin one)
  const zoneOf = (settings: NetworkSettings): string => options.timeZone ?? settings.basic.time_zone ?? DEFAULT_TIME_ZONE;
  const timers = options.store.collection(DIGEST_TIMERS_COLLECTION);
  // every zone a member lives in (their own or the network's): each has its own am, pm and lpm
  const zonesInUse = async (settings: NetworkSettings): Promise<string[]> => {
    const network = zoneOf(settings);
    if (options.timeZone) return [network];
    const own = await options.store.collection<MembershipSettingsDocument>(collectionName(membershipSettingsProjection)).find({});
    return [...new Set([network, ...own.flatMap((doc) => (doc.settings.time_zone ? [doc.settings.time_zone] : []))])].sort();
  };

  const plan = async (payload: unknown): Promise<void> => {
    if (!isPayload(payload)) return;
    const { settings } = await loadNetwork(options.store);
    const from = new Date(payload.from);
    const now = options.clock();
    let nextAt: string | null = null;
    let dealtWith: string | null = null;
    for (const zone of await zonesInUse(settings)) {
      const planned = planDigests(payload.kind, settings.mail, from, now, zone);
      if (planned.due) {
        const result = await runDigestSlot(options, planned.due, options.timeZone ? undefined : zone);
        options.onSlot?.(planned.due, result);
      }
      if (nextAt === null || Date.parse(planned.next_at) < Date.parse(nextAt)) nextAt = planned.next_at;
      // the earliest point every zone has dealt with (no zone has a slot between it and now left; a failed run
      // throws, and the scheduler retries this payload)
      if (dealtWith === null || Date.parse(planned.from) < Date.parse(dealtWith)) dealtWith = planned.from;
    }
    await scheduler.schedule(digestTimerKey(payload.kind), nextAt ?? now.toISOString(), DIGEST_TIMER_KIND, { kind: payload.kind, from: dealtWith ?? now.toISOString() } satisfies DigestTimerPayload);
  };
  scheduler.handle(DIGEST_TIMER_KIND, plan);

  return {
    scheduler,
    start: async () => {
      // the first start of a network plans from now; later starts find their timers (overdue ones fire at once)
      for (const kind of DIGEST_KINDS) {
        if (await timers.get(digestTimerKey(kind))) continue;
        const now = options.clock();
        const { settings } = await loadNetwork(options.store);
        const firsts = (await zonesInUse(settings)).map((zone) => planDigests(kind, settings.mail, now, now, zone).next_at);
        const first = firsts.reduce((soonest, at) => (Date.parse(at) < Date.parse(soonest) ? at : soonest));
        await scheduler.schedule(digestTimerKey(kind), first, DIGEST_TIMER_KIND, { kind, from: now.toISOString() } satisfies DigestTimerPayload);
      }
      await scheduler.start();
    },
    stop: () => scheduler.stop(),
  };
};
