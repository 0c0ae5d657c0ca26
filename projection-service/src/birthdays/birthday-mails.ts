import { collectionName } from '@cn/domain';
import { composeBirthdayMail, DEFAULT_TIME_ZONE, instantOfWallClock, isBirthdayOn, wallClockOf, type NetworkSettings } from '@cn/contracts';
import { createScheduler, type DocumentStore, type MailPort, type Scheduler, type SchedulerLogger } from '@cn/platform';
import { sendMailOnce } from '../digests/mail-once';
import { memberLocksProjection, type MemberLockDocument } from '../members/member-locks.projection';
import { displayNameOf } from '../members/member-dto';
import { membersCollection } from '../members/members.read';
import { loadNetwork } from '../network/network.read';

/** the birthday mails' timer, apart from other schedulers' (each arms every timer of its collection) */
export const BIRTHDAY_TIMERS_COLLECTION = '_scheduled_birthdays';
const TIMER_KEY = 'birthdays';
const TIMER_KIND = 'birthday-day';
/** when in the day (the network's zone) the mails go out */
export const BIRTHDAY_MAIL_TIME = '08:00';
const DAY_MS = 86_400_000;

const plusDays = (date: string, days: number): string => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

export interface BirthdayMailsOptions {
  store: DocumentStore;
  mail: MailPort;
  clock: () => Date;
  logger?: SchedulerLogger;
  /** after a day was dealt with (tests, logs) */
  onDay?: (day: string, sent: number) => void;
}

export interface BirthdayMails {
  scheduler: Scheduler;
  start(): Promise<void>;
  stop(): Promise<void>;
}


const zoneOf = (settings: NetworkSettings): string => settings.basic.time_zone ?? DEFAULT_TIME_ZONE;

/**
 * Birthday mails (the network's `birthday_emails`): a durable timer fires every day at 08:00 in the
 * network's zone and mails each member whose birthday it is (29 February on 28 February in other years),
 * with the subject and text of the settings. Never a locked or erased member or one without an address;
 * once per member and day (the mail's key), also when the day is run again after a crash. A day missed by
 * more than a day (the service was down) is not mailed late; the timer goes on from today.
 */
export const createBirthdayMails = (options: BirthdayMailsOptions): BirthdayMails => {
  const scheduler = createScheduler({ store: options.store, collection: BIRTHDAY_TIMERS_COLLECTION, clock: options.clock, logger: options.logger });
  const locks = options.store.collection<MemberLockDocument>(collectionName(memberLocksProjection));

  const dueAt = (day: string, settings: NetworkSettings): string => instantOfWallClock(day, BIRTHDAY_MAIL_TIME, zoneOf(settings));
  /** the next day whose 08:00 is still ahead of now */
  const nextDay = (settings: NetworkSettings, now: Date): string => {
    const today = wallClockOf(now.getTime(), zoneOf(settings)).date;
    return Date.parse(dueAt(today, settings)) > now.getTime() ? today : plusDays(today, 1);
  };

  const mailDay = async (day: string, settings: NetworkSettings): Promise<number> => {
    if (!settings.mail.birthday_emails.enabled) return 0;
    let sent = 0;
    for (const member of await membersCollection(options.store).find({ deleted: false })) {
      if (!member.birthday || !isBirthdayOn(member.birthday, day) || member.email === '') continue;
      if (await locks.get(member._id)) continue;
      const mail = composeBirthdayMail(settings.mail.birthday_emails, { name: displayNameOf(member), network_name: settings.basic.name, language: settings.basic.language });
      if (await sendMailOnce(options.store, options.mail, `birthday:${day}:${member._id}`, { to: [member.email], ...mail }, options.clock)) sent += 1;
    }
    return sent;
  };

  scheduler.handle(TIMER_KIND, async (payload) => {
    const day = typeof (payload as { day?: unknown } | null)?.day === 'string' ? (payload as { day: string }).day : null;
    const { settings } = await loadNetwork(options.store);
    const now = options.clock();
    if (day !== null && now.getTime() - Date.parse(dueAt(day, settings)) < DAY_MS) options.onDay?.(day, await mailDay(day, settings));
    const next = nextDay(settings, now);
    await scheduler.schedule(TIMER_KEY, dueAt(next, settings), TIMER_KIND, { day: next });
  });

  return {
    scheduler,
    start: async () => {
      if (!(await options.store.collection(BIRTHDAY_TIMERS_COLLECTION).get(TIMER_KEY))) {
        const { settings } = await loadNetwork(options.store);
        const day = nextDay(settings, options.clock());
        await scheduler.schedule(TIMER_KEY, dueAt(day, settings), TIMER_KIND, { day });
      }
      await scheduler.start();
    },
    stop: () => scheduler.stop(),
  };
};
