import { DAILY_DIGEST_TIME, DIGEST_TIMES_OF_DAY, instantOfWallClock, wallClockOf, WEEKDAYS, type DigestKind, type NetworkSettings } from '@cn/contracts';

/** one sending time of a digest kind: the same id however often it is computed (idempotency key) */
export interface DigestSlot {
  kind: DigestKind;
  /** ISO instant */
  at: string;
  /** `<kind>@<at>` */
  id: string;
}

export type DigestMailSettings = Pick<NetworkSettings['mail'], 'digest_sending_days' | 'digests' | 'daily_activity'>;

const DAY_MS = 86_400_000;

export const digestSlotId = (kind: DigestKind, at: string): string => `${kind}@${at}`;

const plusDays = (date: string, days: number): string => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
/** mon … sun of a plain date */
const weekdayOf = (date: string): (typeof WEEKDAYS)[number] => WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7];

/** whether the network sends this kind at all (weekly digests and daily digests are switched on separately) */
export const digestKindOffered = (kind: DigestKind, mail: DigestMailSettings): boolean => (kind === 'email_digests' ? mail.digests.enabled : mail.daily_activity.enabled);

/**
 * The first sending slot of a kind strictly after `after`, by the network's mail settings in its zone:
 * weekly digests on the weekdays that name a time (am, pm, lpm), daily digests every day at am. Null
 * when the network sends none of that kind.
 */
export const nextDigestSlot = (kind: DigestKind, mail: DigestMailSettings, after: Date, timeZone: string): DigestSlot | null => {
  if (!digestKindOffered(kind, mail)) return null;
  const today = wallClockOf(after.getTime(), timeZone).date;
  // eight days: today's slot may have passed, and a week later the same weekday comes again
  for (let offset = 0; offset <= 7; offset += 1) {
    const date = plusDays(today, offset);
    const time = kind === 'email_daily_digests' ? DAILY_DIGEST_TIME : mail.digest_sending_days[weekdayOf(date)];
    if (!time) continue;
    const at = instantOfWallClock(date, DIGEST_TIMES_OF_DAY[time], timeZone);
    if (at !== '' && Date.parse(at) > after.getTime()) return { kind, at, id: digestSlotId(kind, at) };
  }
  return null;
};

/** how long the planner waits at most before it looks at the settings again (a changed sending day counts from then) */
export const DIGEST_RECHECK_MS = 3_600_000;

export interface DigestPlan {
  /** the slot to send now: the latest one that came due since `from` (missed ones merge into it), or null */
  due: DigestSlot | null;
  /** where the next look starts: every slot up to here has been dealt with */
  from: string;
  /** when to look next: the next slot, or within the hour (a network that switches digests on or moves its day) */
  next_at: string;
}

/**
 * What the planner does when its timer fires at `now`, having dealt with every slot up to `from`: a slot
 * that came due meanwhile (also while the process was down) is sent once now, and the timer is set again.
 * Pure, so that a restart between slots is a matter of the stored `from`.
 */
export const planDigests = (kind: DigestKind, mail: DigestMailSettings, from: Date, now: Date, timeZone: string): DigestPlan => {
  let due: DigestSlot | null = null;
  for (let slot = nextDigestSlot(kind, mail, from, timeZone); slot && Date.parse(slot.at) <= now.getTime(); slot = nextDigestSlot(kind, mail, new Date(slot.at), timeZone)) due = slot;
  const dealtWith = due ? new Date(Math.max(Date.parse(due.at), from.getTime())) : new Date(Math.max(now.getTime(), from.getTime()));
  const next = nextDigestSlot(kind, mail, dealtWith, timeZone);
  const recheck = now.getTime() + DIGEST_RECHECK_MS;
  const nextAt = next && Date.parse(next.at) <= recheck ? next.at : new Date(recheck).toISOString();
  return { due, from: dealtWith.toISOString(), next_at: nextAt };
};
