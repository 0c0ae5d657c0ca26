import { DEFAULT_MEMBERSHIP_SETTINGS, MessageSent } from '@cn/contracts';
import { collectionName, type EventStore, type RecordedEvent } from '@cn/domain';
import { createProjector, storedCheckpoint, type DocumentStore, type EventBus, type MailPort, type PersonalDataCipher, type Projector } from '@cn/platform';
import { sendMailOnce } from '../digests/mail-once';
import { memberLocksProjection, type MemberLockDocument } from '../members/member-locks.projection';
import { displayNameOf } from '../members/member-dto';
import { ignoredMemberIds, loadActiveMember } from '../members/members.read';
import { membershipSettingsProjection, type MembershipSettingsDocument } from '../membership-settings/membership-settings.projection';
import { loadNetwork } from '../network/network.read';
import type { MailerLogger } from '../notifications/notification-mails';
import { composeMessageMail } from './message-mail';
import { messageBodiesProjection, messageCopiesProjection, messageCopyId, type MessageBodyDocument, type MessageCopyDocument } from './messages.projection';

export const MESSAGE_MAILS = 'projection-service.message-mails';
/** how long a message waits for the read models (copies and the sealed bodies) before its mails are given up */
export const MESSAGE_READ_MODELS_WAIT_MS = 30_000;


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
}

/** the once-only key of one recipient's mail of one message */
export const messageMailKey = (messageId: string, memberId: string): string => `message:${messageId}:${memberId}`;

/**
 * Email for direct messages: a reactor that follows the log with its own checkpoint (its first start
 * begins at the head, so an existing history is not mailed) and, for each `MessageSent`, mails every
 * recipient whose `email_notifications` include `direct_messages`. Never the author, never a recipient who
 * is erased, locked, without an address, ignores the author, or already deleted their copy; never when the
 * author is erased. The text goes in only where the network's `notifications_send_direct_message_body` is
 * on. Once per message and member (`_mail_keys`), also when the log is replayed after a crash.
 */
export const createMessageMailer = (deps: MessageMailerDeps): Projector => {
  const copies = deps.store.collection<MessageCopyDocument>(collectionName(messageCopiesProjection));
  const bodies = deps.store.collection<MessageBodyDocument>(collectionName(messageBodiesProjection));
  const locks = deps.store.collection<MemberLockDocument>(collectionName(memberLocksProjection));
  const settingsOf = deps.store.collection<MembershipSettingsDocument>(collectionName(membershipSettingsProjection));

  const mailsOf = async (recorded: RecordedEvent): Promise<void> => {
    const messageId = (recorded.data as { message_id: string }).message_id;
    const sealed = await bodies.get(messageId);
    if (!sealed) return;
    const author = await loadActiveMember(deps.store, sealed.author_id);
    if (!author) return;
    const [body] = await deps.cipher.reveal([sealed]);
    const network = (await loadNetwork(deps.store)).settings;
    const text = (value: unknown): string => (typeof value === 'string' ? value : '');
    for (const memberId of new Set(body.recipient_ids)) {
      if (memberId === body.author_id) continue;
      // one member's failing mail does not keep the others' from going out
      await (async () => {
        const member = await loadActiveMember(deps.store, memberId);
        if (!member || member.email === '') return;
        if (await locks.get(memberId)) return;
        if (!(await copies.get(messageCopyId(messageId, memberId)))) return;
        const settings = (await settingsOf.get(memberId))?.settings ?? DEFAULT_MEMBERSHIP_SETTINGS;
        if (!settings.email_notifications.includes('direct_messages')) return;
        if ((await ignoredMemberIds(deps.store, memberId)).includes(body.author_id)) return;
        const mail = composeMessageMail({
          member: { id: memberId, email: member.email, name: displayNameOf(member) },
          network: { name: network.basic.name, base_url: deps.baseUrl, language: network.basic.language, send_body: network.mail.notifications_send_direct_message_body },
          message: { id: messageId, author_name: displayNameOf(author), subject: text(body.subject), content: text(body.content), attachments: body.attachments.length },
        });
        await sendMailOnce(deps.store, deps.mail, messageMailKey(messageId, memberId), mail, deps.clock);
      })().catch((error: unknown) => deps.logger.error({ err: error, member_id: memberId, position: recorded.position }, 'a message mail failed'));
    }
  };

  const follow = async (events: readonly RecordedEvent[]): Promise<void> => {
    for (const recorded of events) {
      if (recorded.type !== MessageSent.type) continue;
      if (!(await deps.readModelsAt(recorded.position))) {
        deps.logger.warn({ position: recorded.position }, 'read models behind: mails of this message skipped');
        continue;
      }
      await mailsOf(recorded);
    }
  };

  return createProjector({
    name: MESSAGE_MAILS,
    bus: deps.bus,
    eventStore: deps.eventStore,
    handle: follow,
    checkpoint: storedCheckpoint(deps.store, MESSAGE_MAILS, { startAtHeadOf: deps.eventStore }),
    logger: deps.logger,
    onError: (error) => deps.logger.error({ err: error, reactor: MESSAGE_MAILS }, 'message mails stopped'),
  });
};
