import { DEFAULT_MEMBERSHIP_SETTINGS, type NotificationKind } from '@cn/contracts';
import { collectionName, type EventStore, type RecordedEvent } from '@cn/domain';
import { createReactor, type DocumentStore, type EventBus, type MailPort, type Projector } from '@cn/platform';
import { sendMailOnce } from '../digests/mail-once';
import { groupsCollection } from '../groups/groups.read';
import { memberLocksProjection, type MemberLockDocument } from '../members/member-locks.projection';
import { displayNameOf } from '../members/member-dto';
import { loadActiveMember, membersCollection } from '../members/members.read';
import { composeNotificationMail, mailedNotificationKinds } from '../membership-settings/digest-composer';
import { membershipSettingsProjection, type MembershipSettingsDocument } from '../membership-settings/membership-settings.projection';
import { loadNetwork } from '../network/network.read';
import { homeNotificationsProjection, type HomeNotificationEntry } from './home-notifications.projection';
import { homeNotificationsCollection, notificationsOf } from './notifications.read';
import { notificationFeedsProjection, type NotificationFeedDocument } from './notifications.projection';
import { SUBSCRIPTION_EVENT_TYPES, subscriptionMailsOf } from './subscription-mails';

export const NOTIFICATION_MAILS = 'projection-service.notification-mails';
/** how long an event waits for the read models that tell whom it notifies */
export const READ_MODELS_WAIT_MS = 30_000;

/** what the reactor logs through (the service's pino logger) */
export interface MailerLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}


export interface NotificationMailerDeps {
  store: DocumentStore;
  eventStore: EventStore;
  bus: EventBus;
  mail: MailPort;
  clock: () => Date;
  baseUrl: string;
  readModelsAt: (position: number) => Promise<boolean>;
  logger: MailerLogger;
}

export type NotificationEntry = Pick<HomeNotificationEntry, 'kind' | 'actor_id' | 'targets'> & { audience: HomeNotificationEntry['audience']; group_id: string | null };

/** the types of the events that may add notifications (`mayNotify` is false for every other) */
export const NOTIFYING_EVENT_TYPES: readonly string[] = [...new Set([...homeNotificationsProjection.eventTypes, ...notificationFeedsProjection.eventTypes])];

/** whether an event may add notifications (an item edit that mentions nobody new names no document: no wait for the read models) */
export const mayNotify = (recorded: RecordedEvent): boolean =>
  (homeNotificationsProjection.eventTypes.includes(recorded.type) && homeNotificationsProjection.documentIds(recorded).length > 0) ||
  notificationFeedsProjection.eventTypes.includes(recorded.type);

/** the entries an event added, as the read models have them now (an event of a deleted source adds none) */
export const entriesOf = async (store: DocumentStore, recorded: RecordedEvent): Promise<NotificationEntry[]> => {
  const entries: NotificationEntry[] = [];
  if (homeNotificationsProjection.eventTypes.includes(recorded.type)) {
    for (const doc of await homeNotificationsCollection(store).getMany(homeNotificationsProjection.documentIds(recorded))) {
      const groupId = doc.source.type === 'group' ? doc.source.group_id : null;
      for (const entry of doc.entries) if (entry.position === recorded.position) entries.push({ ...entry, group_id: groupId });
    }
  }
  if (notificationFeedsProjection.eventTypes.includes(recorded.type)) {
    const feeds = store.collection<NotificationFeedDocument>(collectionName(notificationFeedsProjection));
    for (const doc of await feeds.getMany(notificationFeedsProjection.documentIds(recorded))) {
      for (const entry of doc.entries) if (entry.position === recorded.position) entries.push({ ...entry, audience: 'targets', group_id: null });
    }
  }
  return entries;
};

/** who an entry is for by name or, for an audience, who belongs to it now; never its actor */
export const candidatesOf = async (store: DocumentStore, entry: NotificationEntry): Promise<string[]> => {
  let ids: string[] = entry.targets;
  if (entry.audience === 'group_admins' && entry.group_id) ids = (await groupsCollection(store).get(entry.group_id))?.admin_ids ?? [];
  if (entry.audience === 'network_admins') ids = (await membersCollection(store).find({ deleted: false })).filter((member) => member.roles.network_admin).map((member) => member._id);
  return [...new Set(ids)].filter((id) => id !== entry.actor_id);
};

/**
 * Email for single notifications and subscriptions: a reactor that follows the log with its own checkpoint and, for each
 * notification an event created, mails every member it is for whose `email_notifications` (or, for abuse
 * reports, `email_admin_notifications`) include its kind; never to the actor, never to a locked or erased
 * member or one who may no longer see it (the bell's own read decides). Not in the request path; once per
 * event and member (the mail's key), also when it is replayed after a crash. New content in a subscribed
 * group or channel goes the same way (subscription-mails.ts). Its first start begins at the
 * head of the log: an existing history is not mailed.
 */
export const createNotificationMailer = (deps: NotificationMailerDeps): Projector => {
  const mailOne = async (recorded: RecordedEvent, entry: NotificationEntry, memberId: string): Promise<void> => {
    const member = await loadActiveMember(deps.store, memberId);
    if (!member || member.email === '') return;
    if (await deps.store.collection<MemberLockDocument>(collectionName(memberLocksProjection)).get(memberId)) return;
    const settings = (await deps.store.collection<MembershipSettingsDocument>(collectionName(membershipSettingsProjection)).get(memberId))?.settings ?? DEFAULT_MEMBERSHIP_SETTINGS;
    if (!mailedNotificationKinds(settings).has(entry.kind)) return;
    const viewer = { member_id: memberId, network_admin: member.roles.network_admin, external: member.roles.external };
    const shown = (await notificationsOf(deps.store, viewer, 50)).notifications.find((notification) => notification.position === recorded.position && notification.kind === entry.kind);
    if (!shown) return;
    const network = (await loadNetwork(deps.store)).settings;
    const mail = composeNotificationMail({
      member: { id: memberId, email: member.email, name: displayNameOf(member) },
      network: { name: network.basic.name, base_url: deps.baseUrl, language: network.basic.language },
      notification: shown,
    });
    await sendMailOnce(deps.store, deps.mail, `notification:${recorded.id}:${memberId}:${entry.kind}`, { to: mail.to, subject: mail.subject, text: mail.text }, deps.clock);
  };

  const follow = async (events: readonly RecordedEvent[]): Promise<void> => {
    for (const recorded of events) {
      if (!mayNotify(recorded) && !SUBSCRIPTION_EVENT_TYPES.includes(recorded.type)) continue;
      if (!(await deps.readModelsAt(recorded.position))) {
        deps.logger.warn({ position: recorded.position, type: recorded.type }, 'read models behind: notification mails of this event skipped');
        continue;
      }
      for (const entry of await entriesOf(deps.store, recorded)) {
        for (const memberId of await candidatesOf(deps.store, entry)) {
          // one member's failing mail (a full disk) does not keep the others' from going out
          await mailOne(recorded, entry, memberId).catch((error: unknown) =>
            deps.logger.error({ err: error, member_id: memberId, position: recorded.position, kind: entry.kind satisfies NotificationKind }, 'a notification mail failed'),
          );
        }
      }
      if (!SUBSCRIPTION_EVENT_TYPES.includes(recorded.type)) continue;
      for (const { key, mail } of await subscriptionMailsOf(deps.store, recorded, deps.baseUrl)) {
        await sendMailOnce(deps.store, deps.mail, key, mail, deps.clock).catch((error: unknown) =>
          deps.logger.error({ err: error, to: mail.to, position: recorded.position }, 'a subscription mail failed'),
        );
      }
    }
  };

  return createReactor({
    name: NOTIFICATION_MAILS,
    bus: deps.bus,
    eventStore: deps.eventStore,
    documentStore: deps.store,
    logger: deps.logger,
    handle: follow,
    from: 'head',
    what: 'notification mails',
    eventTypes: [...NOTIFYING_EVENT_TYPES, ...SUBSCRIPTION_EVENT_TYPES],
  });
};
