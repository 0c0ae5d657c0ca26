import webpush from 'web-push';
import { isSealedSecret, memberDevicesStream, MessageSent, pushAllows, type PushPayload } from '@cn/contracts';
import { collectionName, type EventStore, type RecordedEvent } from '@cn/domain';
import { createReactor, resolvesToPrivateAddress, type DocumentStore, type EventBus, type PersonalDataCipher, type Projector, type WebPushConfig } from '@cn/platform';
import { memberLocksProjection, type MemberLockDocument } from '../members/member-locks.projection';
import { displayNameOf } from '../members/member-dto';
import { ignoredMemberIds, loadActiveMember } from '../members/members.read';
import { messageBodiesProjection, messageCopiesProjection, messageCopyId, type MessageBodyDocument, type MessageCopyDocument } from '../messages/messages.projection';
import { notificationWhat } from '../membership-settings/digest-composer';
import { loadNetwork } from '../network/network.read';
import { candidatesOf, entriesOf, mayNotify, NOTIFYING_EVENT_TYPES, type MailerLogger, type NotificationEntry } from '../notifications/notification-mails';
import { notificationsOf } from '../notifications/notifications.read';
import { memberDevicesProjection, type MemberDevicesDocument } from './member-devices.projection';

export const WEB_PUSH = 'projection-service.web-push';
/** one entry per push sent (`<event id>:<device id>:<kind>`), so an event read again pushes nothing twice */
export const PUSH_KEYS_COLLECTION = '_push_keys';
/** devices whose push service said the subscription is gone (404/410): never pushed to again */
export const PUSH_GONE_COLLECTION = '_push_gone';
const PUSH_TIMEOUT_MS = 10_000;
/** how long a push service keeps a push for a browser that is offline */
const PUSH_TTL_SECONDS = 24 * 3600;

/** What delivers one push: the web-push adapter, or a test's. Answers the push service's status. */
export interface PushDelivery {
  send(subscription: { endpoint: string; keys: { p256dh: string; auth: string } }, payload: string): Promise<number>;
}

/**
 * Web Push (RFC 8030) with VAPID (RFC 8292) and the payload encrypted for the browser (RFC 8291): the
 * web-push library builds the request (headers, encrypted body), fetch sends it with a timeout.
 */
export const createWebPushDelivery = (config: WebPushConfig): PushDelivery => ({
  send: async (subscription, payload) => {
    const url = new URL(subscription.endpoint);
    // checked at registration too; looked up again now, since a name may point elsewhere by now
    if (!config.allowPrivateNetworks && (url.protocol !== 'https:' || (await resolvesToPrivateAddress(url)))) return 410;
    const details = webpush.generateRequestDetails(subscription, payload, {
      vapidDetails: { subject: config.subject, publicKey: config.publicKey, privateKey: config.privateKey },
      TTL: PUSH_TTL_SECONDS,
    });
    const response = await fetch(details.endpoint, {
      method: details.method,
      headers: details.headers as Record<string, string>,
      body: details.body ?? undefined,
      redirect: 'error',
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    });
    await response.body?.cancel();
    return response.status;
  },
});

export interface WebPushSenderDeps {
  store: DocumentStore;
  eventStore: EventStore;
  bus: EventBus;
  cipher: PersonalDataCipher;
  delivery: PushDelivery;
  clock: () => Date;
  readModelsAt: (position: number) => Promise<boolean>;
  logger: MailerLogger;
}

/** each device's subscription, unsealed from the member's device stream (erased: the key is gone, none) */
const subscriptionsOf = async (deps: WebPushSenderDeps, memberId: string): Promise<Map<string, { endpoint: string; keys: { p256dh: string; auth: string } }>> => {
  const subscriptions = new Map<string, { endpoint: string; keys: { p256dh: string; auth: string } }>();
  for (const recorded of await deps.eventStore.readStream(memberDevicesStream(memberId))) {
    const data = recorded.data as { device_id?: string; push?: unknown };
    if (recorded.type === 'DeviceRemoved' && data.device_id) subscriptions.delete(data.device_id);
    if (recorded.type !== 'DeviceRegistered' || !data.device_id || !isSealedSecret(data.push)) continue;
    const unsealed = await deps.cipher.unsealSecret(data.push);
    if (unsealed !== null) subscriptions.set(data.device_id, JSON.parse(unsealed) as { endpoint: string; keys: { p256dh: string; auth: string } });
  }
  return subscriptions;
};

/**
 * Web Push for notifications: a reactor beside the notification mails, following the log with its own
 * checkpoint. For each notification an event created it pushes to every browser device of every member it
 * is for whose push settings let its kind through; never to the actor, a locked or erased member, or one
 * who may no longer see it (the bell's own read decides, as for mails). Once per event, device and kind,
 * also when replayed after a crash. A push service answering 404/410 has dropped the subscription: that
 * device gets no more pushes. Its first start begins at the head of the log.
 */
export const createWebPushSender = (deps: WebPushSenderDeps): Projector => {
  const keys = deps.store.collection<{ _id: string; sent_at: string; _position: number }>(PUSH_KEYS_COLLECTION);
  const gone = deps.store.collection<{ _id: string; at: string; _position: number }>(PUSH_GONE_COLLECTION);

  /** sends one payload to each of a member's devices that lets `kind` through, once per event, device and kind */
  const deliver = async (recorded: RecordedEvent, memberId: string, kind: string, payload: PushPayload): Promise<void> => {
    const devices = (await deps.store.collection<MemberDevicesDocument>(collectionName(memberDevicesProjection)).get(memberId))?.devices ?? [];
    const wanted = devices.filter((device) => device.push && pushAllows(device.notifications, kind));
    if (wanted.length === 0) return;
    const subscriptions = await subscriptionsOf(deps, memberId);
    for (const device of wanted) {
      const key = `${recorded.id}:${device.id}:${kind}`;
      const subscription = subscriptions.get(device.id);
      if (!subscription || (await keys.get(key)) || (await gone.get(device.id))) continue;
      const status = await deps.delivery.send(subscription, JSON.stringify(payload));
      if (status === 404 || status === 410) {
        await gone.upsert({ _id: device.id, at: deps.clock().toISOString(), _position: recorded.position });
        continue;
      }
      if (status < 200 || status >= 300) throw new Error(`push service answered ${status}`);
      await keys.upsert({ _id: key, sent_at: deps.clock().toISOString(), _position: recorded.position });
    }
  };

  const pushOne = async (recorded: RecordedEvent, entry: NotificationEntry, memberId: string): Promise<void> => {
    const devices = (await deps.store.collection<MemberDevicesDocument>(collectionName(memberDevicesProjection)).get(memberId))?.devices ?? [];
    const wanted = devices.filter((device) => device.push && pushAllows(device.notifications, entry.kind));
    if (wanted.length === 0) return;
    const member = await loadActiveMember(deps.store, memberId);
    if (!member) return;
    if (await deps.store.collection<MemberLockDocument>(collectionName(memberLocksProjection)).get(memberId)) return;
    const viewer = { member_id: memberId, network_admin: member.roles.network_admin, external: member.roles.external };
    const shown = (await notificationsOf(deps.store, viewer, 50)).notifications.find((notification) => notification.position === recorded.position && notification.kind === entry.kind);
    if (!shown) return;
    const network = (await loadNetwork(deps.store)).settings;
    const payload: PushPayload = {
      title: network.basic.name,
      body: `${notificationWhat(shown, { name: network.basic.name, language: network.basic.language })}: ${shown.subject.name}`,
      url: shown.subject.html_url ?? '/notifications',
      tag: `notification-${recorded.position}-${entry.kind}`,
    };
    await deliver(recorded, memberId, entry.kind, payload);
  };

  /**
   * A direct message: to each recipient who holds a copy, is neither locked nor ignoring the author; the
   * subject only where the network sends message texts by mail (notifications_send_direct_message_body).
   */
  const pushMessage = async (recorded: RecordedEvent): Promise<void> => {
    const messageId = (recorded.data as { message_id: string }).message_id;
    const sealed = await deps.store.collection<MessageBodyDocument>(collectionName(messageBodiesProjection)).get(messageId);
    if (!sealed) return;
    const author = await loadActiveMember(deps.store, sealed.author_id);
    if (!author) return;
    const [body] = await deps.cipher.reveal([sealed]);
    const network = (await loadNetwork(deps.store)).settings;
    const german = network.basic.language.startsWith('de');
    const said = `${displayNameOf(author)} ${german ? 'hat dir eine Nachricht geschickt' : 'sent you a message'}`;
    const subject = typeof body.subject === 'string' ? body.subject : '';
    const payload: PushPayload = {
      title: network.basic.name,
      body: network.mail.notifications_send_direct_message_body && subject !== '' ? `${said}: ${subject}` : said,
      url: `/messages/${encodeURIComponent(messageId)}`,
      tag: `message-${messageId}`,
    };
    for (const memberId of new Set(body.recipient_ids)) {
      if (memberId === body.author_id) continue;
      await (async () => {
        if (!(await loadActiveMember(deps.store, memberId))) return;
        if (await deps.store.collection<MemberLockDocument>(collectionName(memberLocksProjection)).get(memberId)) return;
        if (!(await deps.store.collection<MessageCopyDocument>(collectionName(messageCopiesProjection)).get(messageCopyId(messageId, memberId)))) return;
        if ((await ignoredMemberIds(deps.store, memberId)).includes(body.author_id)) return;
        await deliver(recorded, memberId, 'direct_message', payload);
      })().catch((error: unknown) => deps.logger.error({ err: error, member_id: memberId, position: recorded.position }, 'a message push failed'));
    }
  };

  const follow = async (events: readonly RecordedEvent[]): Promise<void> => {
    for (const recorded of events) {
      if (recorded.type === MessageSent.type) {
        if (await deps.readModelsAt(recorded.position)) await pushMessage(recorded);
        else deps.logger.warn({ position: recorded.position }, 'read models behind: pushes of this message skipped');
        continue;
      }
      if (!mayNotify(recorded)) continue;
      if (!(await deps.readModelsAt(recorded.position))) {
        deps.logger.warn({ position: recorded.position, type: recorded.type }, 'read models behind: pushes of this event skipped');
        continue;
      }
      for (const entry of await entriesOf(deps.store, recorded)) {
        for (const memberId of await candidatesOf(deps.store, entry)) {
          // one member's unreachable push service does not keep the others' pushes from going out
          await pushOne(recorded, entry, memberId).catch((error: unknown) =>
            deps.logger.error({ err: error, member_id: memberId, position: recorded.position, kind: entry.kind }, 'a push failed'),
          );
        }
      }
    }
  };

  return createReactor({
    name: WEB_PUSH,
    bus: deps.bus,
    eventStore: deps.eventStore,
    documentStore: deps.store,
    logger: deps.logger,
    handle: follow,
    from: 'head',
    what: 'web push',
    eventTypes: [MessageSent.type, ...NOTIFYING_EVENT_TYPES],
  });
};
