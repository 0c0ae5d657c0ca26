import { defaultNewsletterDayOf, isNewsletterDayOf, NEWSLETTER_DEFAULT_SECOND_DAY, NEWSLETTER_DEFAULT_TIME, newsletterDaysOf, type NewsletterDay, type NewsletterInterval, type NewsletterTime } from '@cn/contracts';

export interface DayChoice {
  id: NewsletterDay;
  name: string;
}

/** the day selector's choices for an interval: weekday names (translated) or the days of the month */
export const dayChoicesOf = (interval: NewsletterInterval): DayChoice[] =>
  newsletterDaysOf(interval).map((day) => ({ id: day, name: typeof day === 'string' ? `cn.choices.weekday.${day}` : String(day) }));

export interface NewsletterDays {
  day: NewsletterDay;
  second_day: NewsletterDay | null;
  second_time: NewsletterTime | null;
}

/**
 * The days after the interval changed: a day that does not fit the new interval becomes its default
 * (monday, the 1st); semimonthly adds the second day and time (the 15th, am), the others drop them.
 */
export const daysForInterval = (interval: NewsletterInterval, current: NewsletterDays): NewsletterDays => ({
  day: isNewsletterDayOf(interval, current.day) ? current.day : defaultNewsletterDayOf(interval),
  second_day: interval === 'semimonthly' ? (isNewsletterDayOf(interval, current.second_day) ? current.second_day : NEWSLETTER_DEFAULT_SECOND_DAY) : null,
  second_time: interval === 'semimonthly' ? (current.second_time ?? NEWSLETTER_DEFAULT_TIME) : null,
});

/** moves one entry of an order by `by` places (drag and drop, or the keyboard), within bounds */
export const moveInOrder = <T>(list: readonly T[], from: number, to: number): T[] => {
  if (from < 0 || from >= list.length) return [...list];
  const target = Math.max(0, Math.min(list.length - 1, to));
  const next = [...list];
  const [moved] = next.splice(from, 1);
  next.splice(target, 0, moved);
  return next;
};
