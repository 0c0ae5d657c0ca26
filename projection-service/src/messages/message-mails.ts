import { DEFAULT_MEMBERSHIP_SETTINGS, MessageSent } from '@cn/contracts';
import { collectionName, type EventStore, type RecordedEvent } from '@cn/domain';
import { createReactor, createScheduler, writeIfVersion, type Document, type DocumentStore, type EventBus, type Mail, type MailPort, type PersonalDataCipher, type Projector, type Scheduler } from '@cn/platform';
import { MAIL_KEYS_COLLECTION, sendMailOnce } from '../digests/mail-once';
import { memberLocksProjection, type MemberLockDocument } from '../members/member-locks.projection';
import { displayNameOf } from '../members/member-dto';
import { ignoredMemberIds, loadActiveMember } from '../members/members.read';
import { membershipSettingsProjection, type MembershipSettingsDocument } from '../membership-settings/membership-settings.projection';
import { loadNetwork } from '../network/network.read';
import type { MailerLogger } from '../notifications/notification-mails';
import { composeMessageBatchMail, composeMessageMail, type MessageMailInput } from './message-mail';
import { messageBodiesProjection, messageCopiesProjection, messageCopyId, type MessageBodyDocument, type MessageCopyDocument } from './messages.projection';

export const MESSAGE_MAILS = 'projection-service.message-mails';
/** how long a message waits for the read models (copies and the sealed bodies) before its mails are given up */
export const MESSAGE_READ_MODELS_WAIT_MS = 30_000;
/** after a mail, further messages to the same member wait this long and go out together in one mail */
export const MESSAGE_MAIL_WINDOW_MS = 5 * 60_000;
/** each member's batching window: when it ends, the messages waiting for it, the batch being sent */
export const MESSAGE_MAIL_BATCHES_COLLECTION = '_message_mail_batches';
/** the windows' timers, apart from other schedulers' (each arms every timer of its collection) */
export const MESSAGE_MAIL_TIMERS_COLLECTION = '_scheduled_message_mails';
const BATCH_TIMER_KIND = 'message-mail-batch';
/** how often a batch's change is read and decided again when other processes keep changing it */
const BATCH_WRITE_TRIES = 50;

export interface MessageMailBatch extends Document {
  /** the member */
  _id: string;
  /** ISO instant: messages arriving before it wait for it */
  window_ends: string;
  /** message ids waiting for the window's end, oldest first */
  pending: string[];
  /** the batch taken out of `pending` and being mailed: sent again (once, by its key) after a crash */
  sending: string[];
  /** every write is conditional on the version read (replicas) */
  _version?: number;
}

export interface MessageMailerDeps {
  store: DocumentStore;
  eventStore: EventStore;
  bus: EventBus;
  mail: MailPort;
  cipher: PersonalDataCipher;
  clock: () => Date;
  baseUrl: string;
  /** both projectors (copies and the sealed bodies) reached the position */
  readModelsAt: (position: number) => Promise<boolean>;
  logger: MailerLogger;
  /** the batching window (default `MESSAGE_MAIL_WINDOW_MS`) */
  windowMs?: number;
}

export interface MessageMailer extends Projector {
  /** the windows' durable timers (tests wait for them with `idle`) */
  batches: Scheduler;
}

/** the once-only key of one recipient's mail of one message (also set for every message mailed in a batch) */
export const messageMailKey = (messageId: string, memberId: string): string => `message:${messageId}:${memberId}`;
/** the once-only key of a batch mail: its member and exactly its messages */
export const messageBatchMailKey = (memberId: string, messageIds: readonly string[]): string => `messages:${memberId}:${messageIds.join(',')}`;
const batchTimerKey = (memberId: string): string => `message-mails:${memberId}`;


/**
 * Email for direct messages: a reactor that follows the log with its own checkpoint (its first start
 * begins at the head, so an existing history is not mailed) and, for each `MessageSent`, mails every
 * recipient whose `email_notifications` include `direct_messages`. Never the author, never a recipient who
 * is erased, locked, without an address, ignores the author, or already deleted their copy; never when the
 * author is erased. The text goes in only where the network's `notifications_send_direct_message_body` is
 * on. Once per message and member (`_mail_keys`), also when the log is replayed after a crash.
 *
 * Batching: a member's first message is mailed at once and opens a window (5 minutes); messages arriving
 * within it wait in the member's batch document (`_message_mail_batches`) and go out together in one mail
 * when its durable timer fires (it survives restarts; an overdue one fires at the next start), which opens
 * the next window. The rules are checked again when the batch goes out (a message deleted, a member locked
 * or opted out meanwhile). A batch is moved to `sending` before it is mailed, so that a crash in between
 * sends exactly that batch again under the same key: nothing is lost, nothing mailed twice.
 */
export const createMessageMailer = (deps: MessageMailerDeps): MessageMailer => {
  const copies = deps.store.collection<MessageCopyDocument>(collectionName(messageCopiesProjection));
  const bodies = deps.store.collection<MessageBodyDocument>(collectionName(messageBodiesProjection));
  const locks = deps.store.collection<MemberLockDocument>(collectionName(memberLocksProjection));
  const settingsOf = deps.store.collection<MembershipSettingsDocument>(collectionName(membershipSettingsProjection));
  const batches = deps.store.collection<MessageMailBatch>(MESSAGE_MAIL_BATCHES_COLLECTION);
  const mailKeys = deps.store.collection(MAIL_KEYS_COLLECTION);
  const scheduler = createScheduler({ store: deps.store, collection: MESSAGE_MAIL_TIMERS_COLLECTION, clock: deps.clock, logger: deps.logger });
  const windowMs = deps.windowMs ?? MESSAGE_MAIL_WINDOW_MS;
  const text = (value: unknown): string => (typeof value === 'string' ? value : '');

  /** the reactor and the timers change a member's batch one after the other */
  let turn: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const next = turn.then(work);
    turn = next.catch(() => undefined);
    return next;
  };

  /** what a mail says of a message the member may be mailed about now, or null (the rules, checked at sending) */
  const mailable = async (messageId: string, memberId: string): Promise<{ recipient: MessageMailInput['member']; message: MessageMailInput['message'] } | null> => {
    const sealed = await bodies.get(messageId);
    if (!sealed || memberId === sealed.author_id) return null;
    const author = await loadActiveMember(deps.store, sealed.author_id);
    if (!author) return null;
    const member = await loadActiveMember(deps.store, memberId);
    if (!member || member.email === '') return null;
    if (await locks.get(memberId)) return null;
    if (!(await copies.get(messageCopyId(messageId, memberId)))) return null;
    const settings = (await settingsOf.get(memberId))?.settings ?? DEFAULT_MEMBERSHIP_SETTINGS;
    if (!settings.email_notifications.includes('direct_messages')) return null;
    if ((await ignoredMemberIds(deps.store, memberId)).includes(sealed.author_id)) return null;
    const [body] = await deps.cipher.reveal([sealed]);
    return {
      recipient: { id: memberId, email: member.email, name: displayNameOf(member) },
      message: { id: messageId, author_name: displayNameOf(author), subject: text(body.subject), content: text(body.content), attachments: body.attachments.length },
    };
  };

  const networkOf = async (): Promise<MessageMailInput['network']> => {
    const network = (await loadNetwork(deps.store)).settings;
    return { name: network.basic.name, base_url: deps.baseUrl, language: network.basic.language, send_body: network.mail.notifications_send_direct_message_body };
  };

  const opened = (memberId: string, now: Date): MessageMailBatch => ({ _id: memberId, window_ends: new Date(now.getTime() + windowMs).toISOString(), pending: [], sending: [] });
  /** the member's batch written only while it is still the version read (replicas handle the same member) */
  const writeBatch = (read: MessageMailBatch | null, doc: MessageMailBatch | null): Promise<boolean> =>
    writeIfVersion(deps.store, MESSAGE_MAIL_BATCHES_COLLECTION, read?._id ?? doc?._id ?? '', read, doc);
  /** each window ends in a timer of the shared store: whichever process claims it sends the batch */
  const endWindowAt = (batch: MessageMailBatch): Promise<void> => scheduler.schedule(batchTimerKey(batch._id), batch.window_ends, BATCH_TIMER_KIND, { member_id: batch._id });
  /** a batch's change, read and decided again while another process changed it between read and write */
  const untilWritten = async (attempt: () => Promise<boolean>): Promise<void> => {
    for (let tries = 1; !(await attempt()); tries += 1) {
      if (tries >= BATCH_WRITE_TRIES) throw new Error('the batch kept changing under its writes');
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20));
    }
  };

  /** one new message for a member: mailed at once outside a window, else added to the member's batch */
  const received = (messageId: string, memberId: string): Promise<void> =>
    inTurn(() =>
      untilWritten(async () => {
        // mailed already, alone or in a batch (the log replayed after a crash), or being mailed by another process
        if (await mailKeys.get(messageMailKey(messageId, memberId))) return true;
        const now = deps.clock();
        const batch = await batches.get(memberId);
        if (batch && (Date.parse(batch.window_ends) > now.getTime() || batch.sending.length > 0 || batch.pending.length > 0)) {
          if (!batch.pending.includes(messageId) && !batch.sending.includes(messageId) && !(await writeBatch(batch, { ...batch, pending: [...batch.pending, messageId] }))) return false;
          // (again) after a crash between the two writes: the timer is what sends the batch
          await endWindowAt(batch);
          return true;
        }
        const mail = await mailable(messageId, memberId);
        if (!mail) return true;
        // the window opens before the mail goes out, the message as the batch being sent: of two processes
        // handling it, only the one whose write lands mails it; a crash before the mail leaves it to the timer
        const opening: MessageMailBatch = { ...opened(memberId, now), sending: [messageId] };
        if (!(await writeBatch(batch, opening))) return false;
        await endWindowAt(opening);
        await sendMailOnce(deps.store, deps.mail, messageMailKey(messageId, memberId), composeMessageMail({ member: mail.recipient, network: await networkOf(), message: mail.message }), deps.clock);
        await untilWritten(async () => {
          const current = await batches.get(memberId);
          if (!current?.sending.includes(messageId)) return true;
          return writeBatch(current, { ...current, sending: current.sending.filter((id) => id !== messageId) });
        });
        return true;
      }),
    );

  /** the batch taken out of `pending` to be sent (or the one a crash left in `sending`), or null: nothing to send */
  const takeBatch = async (memberId: string, dueAt: string): Promise<MessageMailBatch | null> => {
    let taken: MessageMailBatch | null = null;
    await untilWritten(async () => {
      taken = null;
      const batch = await batches.get(memberId);
      if (!batch) return true;
      // the timer of an earlier window: the window's own timer is set again
      if (Date.parse(batch.window_ends) > Date.parse(dueAt)) {
        await endWindowAt(batch);
        return true;
      }
      if (batch.sending.length > 0) {
        taken = batch;
        return true;
      }
      if (batch.pending.length === 0) return writeBatch(batch, null);
      const moved: MessageMailBatch = { ...batch, pending: [], sending: batch.pending };
      if (!(await writeBatch(batch, moved))) return false;
      taken = moved;
      return true;
    });
    return taken;
  };

  /** a window ended: its batch goes out in one mail (one message: the single mail), and the next window opens */
  const windowEnded = (memberId: string, dueAt: string): Promise<void> =>
    inTurn(async () => {
      const current = await takeBatch(memberId, dueAt);
      if (!current) return;
      const mails = (await Promise.all(current.sending.map((id) => mailable(id, memberId)))).filter((mail) => mail !== null);
      const network = await networkOf();
      const [first] = mails;
      let mail: Mail | null = null;
      let key = '';
      if (mails.length === 1 && first) {
        mail = composeMessageMail({ member: first.recipient, network, message: first.message });
        key = messageMailKey(first.message.id, memberId);
      } else if (first) {
        mail = composeMessageBatchMail({ member: first.recipient, network, messages: mails.map((entry) => entry.message) });
        key = messageBatchMailKey(memberId, current.sending);
      }
      if (mail) await sendMailOnce(deps.store, deps.mail, key, mail, deps.clock);
      const sentAt = deps.clock().toISOString();
      for (const id of current.sending) await mailKeys.upsert({ _id: messageMailKey(id, memberId), sent_at: sentAt });
      // the next window, with what arrived while this batch went out (nothing mailed: what arrived goes out at once)
      await untilWritten(async () => {
        const batch = await batches.get(memberId);
        if (!batch) return true;
        const rest = batch.pending.filter((id) => !current.sending.includes(id));
        if (!mail && rest.length === 0) return writeBatch(batch, null);
        const now = deps.clock();
        const next: MessageMailBatch = { ...opened(memberId, mail ? now : new Date(now.getTime() - windowMs)), pending: rest };
        if (!(await writeBatch(batch, next))) return false;
        await endWindowAt(next);
        return true;
      });
    });

  scheduler.handle(BATCH_TIMER_KIND, async (payload, timer) => {
    const memberId = (payload as { member_id?: unknown } | null)?.member_id;
    if (typeof memberId === 'string') await windowEnded(memberId, timer.due_at);
  });

  const follow = async (events: readonly RecordedEvent[]): Promise<void> => {
    for (const recorded of events) {
      if (recorded.type !== MessageSent.type) continue;
      if (!(await deps.readModelsAt(recorded.position))) {
        deps.logger.warn({ position: recorded.position }, 'read models behind: mails of this message skipped');
        continue;
      }
      const messageId = (recorded.data as { message_id: string }).message_id;
      const sealed = await bodies.get(messageId);
      if (!sealed) continue;
      for (const memberId of new Set(sealed.recipient_ids)) {
        if (memberId === sealed.author_id) continue;
        // one member's failing mail does not keep the others' from going out
        await received(messageId, memberId).catch((error: unknown) => deps.logger.error({ err: error, member_id: memberId, position: recorded.position }, 'a message mail failed'));
      }
    }
  };

  const reactor = createReactor({
    name: MESSAGE_MAILS,
    bus: deps.bus,
    eventStore: deps.eventStore,
    documentStore: deps.store,
    logger: deps.logger,
    handle: follow,
    from: 'head',
    what: 'message mails',
    eventTypes: [MessageSent.type],
  });
  return {
    ...reactor,
    batches: scheduler,
    start: async () => {
      await scheduler.start();
      await reactor.start();
    },
    stop: async () => {
      await reactor.stop();
      await scheduler.stop();
    },
  };
};
