import { createHash, randomUUID } from 'node:crypto';
import {
  DEFAULT_MEMBERSHIP_SETTINGS,
  DEFAULT_TIME_ZONE,
  eventOf,
  eventRegistry,
  memberTimeZoneOf,
  newsletterEvents,
  newsletterStream,
  NETWORK_DESIGN_SCOPE_ID,
  type NetworkSettings,
} from '@cn/contracts';
import { collectionName, WrongExpectedRevisionError, type EventStore } from '@cn/domain';
import { createScheduler, type DocumentStore, type MailPort, type Scheduler, type SchedulerLogger } from '@cn/platform';
import { canSeeAppointment, loadReadContext } from '../appointments/appointment-dto';
import { sendMailOnce } from '../digests/mail-once';
import { IMPRINT_ID } from '../legal/legal.projection';
import { imprintCollection } from '../legal/legal.read';
import { displayNameOf } from '../members/member-dto';
import { memberLocksProjection, type MemberLockDocument } from '../members/member-locks.projection';
import { membersCollection } from '../members/members.read';
import { membershipSettingsProjection, type MembershipSettingsDocument } from '../membership-settings/membership-settings.projection';
import { loadNetwork } from '../network/network.read';
import { publicDesignLogoPath } from '../designs/design-logo';
import { designsProjection, type DesignDocument } from '../designs/designs.projection';
import { composeNewsletter, type NewsletterDesign } from './newsletter-composer';
import { emptyNewsletterDocument, NEWSLETTER_ID, newsletterProjection, type NewsletterDocument } from './newsletter.projection';
import { planNewsletter, type NewsletterSlot } from './newsletter-slots';
import { inNewsletterOrder, upcomingInstances } from './upcoming-activities';

/** the newsletter's timer, apart from other schedulers' (each arms every timer of its collection) */
export const NEWSLETTER_TIMERS_COLLECTION = '_scheduled_newsletter';
export const NEWSLETTER_TIMER_KEY = 'newsletter';
const TIMER_KIND = 'newsletter-plan';
/** upcoming activities a newsletter lists at most */
export const NEWSLETTER_ACTIVITIES_MAX = 20;
const APPEND_ATTEMPTS = 3;

export interface NewsletterDeps {
  store: DocumentStore;
  eventStore: EventStore;
  mail: MailPort;
  clock: () => Date;
  /** where members reach the console (links in the mail) */
  baseUrl: string;
  /** resolves true once the read models have applied the log up to the position */
  readModelsAt: (position: number) => Promise<boolean>;
  /** the server's secret: the design logo's public address for mail clients (publicDesignLogoPath); without it the logo keeps its session-only address */
  logoSecret?: string;
}

export interface NewsletterRunResult {
  /** members it was mailed to in this run */
  sent: string[];
  /** the slot had been recorded already (a replay): nobody was mailed */
  already_sent: boolean;
}

const zoneOf = (settings: NetworkSettings): string => settings.basic.time_zone ?? DEFAULT_TIME_ZONE;

/** a stable event id per slot: the event store stores an id once, whatever retries append */
const sentEventId = (slotId: string): string => {
  const hex = createHash('sha256').update(`newsletter:${slotId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

/** whether the stream records the slot as sent, and the stream's revision */
const slotRecorded = async (eventStore: EventStore, slotId: string): Promise<{ recorded: boolean; revision: number }> => {
  const recorded = await eventStore.readStream(newsletterStream());
  const sent = recorded.some((event) => eventOf(newsletterEvents, event)?.type === 'NewsletterSent' && (event.data as { slot: string }).slot === slotId);
  return { recorded: sent, revision: recorded.length > 0 ? recorded[recorded.length - 1].revision : -1 };
};

const loadNewsletter = async (store: DocumentStore): Promise<NewsletterDocument> =>
  (await store.collection<NewsletterDocument>(collectionName(newsletterProjection)).get(NEWSLETTER_ID)) ?? emptyNewsletterDocument();

/**
 * The design the newsletter borrows (template field `design`): the network design it names, else (no name,
 * or one deleted since) the network's active design, else none.
 */
export const newsletterDesignOf = async (store: DocumentStore, named: string, logoSecret?: string): Promise<NewsletterDesign | null> => {
  const designs = store.collection<DesignDocument>(collectionName(designsProjection));
  const chosen = named ? await designs.get(named) : null;
  const [active] = chosen && chosen.scope_type === 'network' ? [chosen] : await designs.find({ scope_type: 'network', scope_id: NETWORK_DESIGN_SCOPE_ID, active: true }, { limit: 1 });
  if (!active) return null;
  // a mail client has no session: the logo goes by its public address (no logo rather than a broken image)
  const logo = logoSecret === undefined ? active.logo_url : await publicDesignLogoPath(store, logoSecret, active.logo_url);
  return { primary_color: active.primary_color, primary_text_color: active.primary_text_color, background_color: active.background_color, logo_url: logo };
};

/**
 * Sends one slot's newsletter: to every member (not erased, not locked, with an address) whose membership
 * settings keep `email_newsletter`, the upcoming activities they may see in the administrators' order,
 * rendered in the template; then `NewsletterSent` once. A slot recorded already sends nothing (a replay, a
 * second process); a run cut short mails nobody twice (the mail's key `newsletter:<slot>:<member>`).
 */
export const runNewsletterSlot = async (deps: NewsletterDeps, slot: NewsletterSlot): Promise<NewsletterRunResult> => {
  if ((await slotRecorded(deps.eventStore, slot.id)).recorded) return { sent: [], already_sent: true };
  const head = await deps.eventStore.headPosition();
  if (!(await deps.readModelsAt(head))) throw new Error(`read models behind position ${head}: newsletter slot ${slot.id} waits`);
  const network = (await loadNetwork(deps.store)).settings;
  const newsletter = await loadNewsletter(deps.store);
  const imprint = await imprintCollection(deps.store).get(IMPRINT_ID);
  const design = await newsletterDesignOf(deps.store, newsletter.template.design, deps.logoSecret);
  const members = (await membersCollection(deps.store).find({ deleted: false })).filter((member) => member.email !== '');
  const ids = members.map((member) => member._id);
  const locked = new Set((await deps.store.collection<MemberLockDocument>(collectionName(memberLocksProjection)).getMany(ids)).map((lock) => lock._id));
  const settingsDocs = await deps.store.collection<MembershipSettingsDocument>(collectionName(membershipSettingsProjection)).getMany(ids);
  const settingsOf = new Map(settingsDocs.map((doc) => [doc._id, doc.settings]));
  // a bounce-listed address gets no newsletter until it is activated again
  const bounced = new Set(settingsDocs.filter((doc) => doc.bounced === true).map((doc) => doc._id));
  const now = deps.clock();
  const sent: string[] = [];
  for (const member of members) {
    if (locked.has(member._id) || bounced.has(member._id)) continue;
    const settings = settingsOf.get(member._id) ?? DEFAULT_MEMBERSHIP_SETTINGS;
    if (!settings.email_newsletter) continue;
    const ctx = await loadReadContext(deps.store, member, now);
    const instances = inNewsletterOrder(await upcomingInstances(deps.store, now, (doc) => canSeeAppointment(doc, ctx)), newsletter.order).slice(0, NEWSLETTER_ACTIVITIES_MAX);
    const mail = composeNewsletter({
      template: newsletter.template,
      member: { id: member._id, email: member.email, name: displayNameOf(member) },
      network: { name: network.basic.name, base_url: deps.baseUrl, language: network.basic.language },
      time_zone: memberTimeZoneOf(settings, zoneOf(network)),
      activities: instances.map((instance) => ({ id: instance.id, name: instance.fields.name, start: instance.start, html_url: `/appointments/${instance.id}` })),
      mail_imprint: imprint?.show_newsletter_info ? imprint.mail_imprint : null,
      design,
    });
    if (await sendMailOnce(deps.store, deps.mail, `newsletter:${slot.id}:${member._id}`, mail, deps.clock)) sent.push(member._id);
  }
  await recordSent(deps, slot, sent.length);
  return { sent, already_sent: false };
};

const recordSent = async (deps: NewsletterDeps, slot: NewsletterSlot, recipients: number): Promise<void> => {
  for (let attempt = 1; ; attempt += 1) {
    const { recorded, revision } = await slotRecorded(deps.eventStore, slot.id);
    if (recorded) return;
    try {
      await deps.eventStore.append(
        newsletterStream(),
        [
          {
            id: sentEventId(slot.id),
            type: 'NewsletterSent',
            data: { slot: slot.id, recipients },
            metadata: { memberId: null, occurredAt: deps.clock().toISOString(), correlationId: randomUUID(), causationId: randomUUID(), schemaVersion: eventRegistry.get('NewsletterSent')?.version ?? 1 },
          },
        ],
        { expectedRevision: revision < 0 ? 'no_stream' : revision },
      );
      return;
    } catch (error) {
      // an administrator saved meanwhile: look again (the slot may have been recorded by another process)
      if (!(error instanceof WrongExpectedRevisionError) || attempt >= APPEND_ATTEMPTS) throw error;
    }
  }
};


interface TimerPayload {
  /** every slot up to here has been dealt with */
  from: string;
}

const isPayload = (value: unknown): value is TimerPayload => typeof value === 'object' && value !== null && typeof (value as TimerPayload).from === 'string';

export interface NewsletterScheduleOptions extends NewsletterDeps {
  logger?: SchedulerLogger;
  /** after a slot was dealt with (tests, logs) */
  onSlot?: (slot: NewsletterSlot, result: NewsletterRunResult) => void;
}

export interface NewsletterSchedule {
  scheduler: Scheduler;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The newsletter on the durable scheduler: one timer, kept in the document store with the point up to
 * which every slot was dealt with, fires at the next sending time in the network's zone (or within the
 * hour, to see changed settings). A slot missed while the process was down goes out once when it starts.
 */
export const createNewsletterSchedule = (options: NewsletterScheduleOptions): NewsletterSchedule => {
  const scheduler = createScheduler({ store: options.store, collection: NEWSLETTER_TIMERS_COLLECTION, clock: options.clock, logger: options.logger });
  const plan = async (from: Date) => {
    const [{ settings: network }, newsletter] = await Promise.all([loadNetwork(options.store), loadNewsletter(options.store)]);
    return planNewsletter(newsletter.settings, from, options.clock(), zoneOf(network));
  };
  scheduler.handle(TIMER_KIND, async (payload) => {
    if (!isPayload(payload)) return;
    const planned = await plan(new Date(payload.from));
    if (planned.due) options.onSlot?.(planned.due, await runNewsletterSlot(options, planned.due));
    await scheduler.schedule(NEWSLETTER_TIMER_KEY, planned.next_at, TIMER_KIND, { from: planned.from } satisfies TimerPayload);
  });
  return {
    scheduler,
    start: async () => {
      // the first start plans from now; later starts find the timer (an overdue one fires at once)
      if (!(await options.store.collection(NEWSLETTER_TIMERS_COLLECTION).get(NEWSLETTER_TIMER_KEY))) {
        const now = options.clock();
        const planned = await plan(now);
        await scheduler.schedule(NEWSLETTER_TIMER_KEY, planned.next_at, TIMER_KIND, { from: now.toISOString() } satisfies TimerPayload);
      }
      await scheduler.start();
    },
    stop: () => scheduler.stop(),
  };
};
