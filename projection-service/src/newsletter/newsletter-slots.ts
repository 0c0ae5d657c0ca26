import { DIGEST_TIMES_OF_DAY, instantOfWallClock, wallClockOf, WEEKDAYS, type NewsletterDay, type NewsletterSettings, type NewsletterTime } from '@cn/contracts';

/** one sending time of the newsletter: the same id however often it is computed (idempotency key) */
export interface NewsletterSlot {
  /** ISO instant */
  at: string;
  /** `newsletter@<at>` */
  id: string;
}

const DAY_MS = 86_400_000;
/** two months and a day: a monthly newsletter on the 31st finds its next day within them */
const LOOK_AHEAD_DAYS = 63;
/** how long the planner waits at most before it looks at the settings again (a changed day counts from then) */
export const NEWSLETTER_RECHECK_MS = 3_600_000;

export const newsletterSlotId = (at: string): string => `newsletter@${at}`;

const plusDays = (date: string, days: number): string => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const weekdayOf = (date: string): (typeof WEEKDAYS)[number] => WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7];
const lastDayOfMonth = (date: string): number => {
  const [year, month] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
};

/** whether a sending day falls on a date: a weekday, or a day of the month (the 31st on a shorter month's last day) */
const isSendingDay = (day: NewsletterDay, date: string): boolean => {
  if (typeof day === 'string') return weekdayOf(date) === day;
  return Number(date.slice(8, 10)) === Math.min(day, lastDayOfMonth(date));
};

/** the times a date has a newsletter at, by the settings */
const timesOn = (settings: NewsletterSettings, date: string): NewsletterTime[] => {
  switch (settings.interval) {
    case 'weekly':
      return typeof settings.day === 'string' && isSendingDay(settings.day, date) ? [settings.time] : [];
    case 'monthly':
      return typeof settings.day === 'number' && isSendingDay(settings.day, date) ? [settings.time] : [];
    case 'semimonthly': {
      const times: NewsletterTime[] = [];
      if (typeof settings.day === 'number' && isSendingDay(settings.day, date)) times.push(settings.time);
      if (typeof settings.second_day === 'number' && settings.second_time && isSendingDay(settings.second_day, date)) times.push(settings.second_time);
      return times;
    }
    default: {
      const unknown: never = settings.interval;
      throw new Error(`unknown interval ${String(unknown)}`);
    }
  }
};

/** The first sending slot strictly after `after`, in the network's zone; null when the newsletter is off. */
export const nextNewsletterSlot = (settings: NewsletterSettings, after: Date, timeZone: string): NewsletterSlot | null => {
  if (!settings.enabled) return null;
  const today = wallClockOf(after.getTime(), timeZone).date;
  for (let offset = 0; offset <= LOOK_AHEAD_DAYS; offset += 1) {
    const date = plusDays(today, offset);
    const instants = timesOn(settings, date)
      .map((time) => instantOfWallClock(date, DIGEST_TIMES_OF_DAY[time], timeZone))
      .filter((at) => at !== '' && Date.parse(at) > after.getTime())
      .sort();
    if (instants.length > 0) return { at: instants[0], id: newsletterSlotId(instants[0]) };
  }
  return null;
};

export interface NewsletterPlan {
  /** the slot to send now: the latest that came due since `from` (missed ones merge into it), or null */
  due: NewsletterSlot | null;
  /** every slot up to here has been dealt with */
  from: string;
  /** when to look next: the next slot, or within the hour */
  next_at: string;
}

/** What the timer does when it fires at `now`, having dealt with every slot up to `from`. Pure. */
export const planNewsletter = (settings: NewsletterSettings, from: Date, now: Date, timeZone: string): NewsletterPlan => {
  let due: NewsletterSlot | null = null;
  for (let slot = nextNewsletterSlot(settings, from, timeZone); slot && Date.parse(slot.at) <= now.getTime(); slot = nextNewsletterSlot(settings, new Date(slot.at), timeZone)) due = slot;
  const dealtWith = new Date(Math.max(now.getTime(), from.getTime()));
  const next = nextNewsletterSlot(settings, dealtWith, timeZone);
  const recheck = now.getTime() + NEWSLETTER_RECHECK_MS;
  const nextAt = next && Date.parse(next.at) <= recheck ? next.at : new Date(recheck).toISOString();
  return { due, from: dealtWith.toISOString(), next_at: nextAt };
};
