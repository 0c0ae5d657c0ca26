import { randomUUID } from 'node:crypto';
import { bounceReasonOf, membershipSettingsStream, type MembershipSettingsEvent } from '@cn/contracts';
import { collectionName, handleCommand, type Decider, type EventStore } from '@cn/domain';
import { permanentRejectionOf, type DocumentStore, type Infrastructure, type MailPort } from '@cn/platform';
import { membersCollection } from '../members/members.read';
import { membershipSettingsProjection, type MembershipSettingsDocument } from './membership-settings.projection';

export interface BounceState {
  bounced: boolean;
}

export type BounceCommand = { type: 'RecordMemberEmailBounce'; member_id: string; reason: string };

/**
 * The mail senders' write decision on the member's settings stream: a permanent refusal bounce-lists the
 * address once (a listed address is not listed again). The senders are the system, not a member: nobody
 * to authorize; the member (or an administrator) takes it off with ReactivateMemberEmail.
 */
export const bounceDecider: Decider<BounceState, BounceCommand, MembershipSettingsEvent> = {
  initialState: () => ({ bounced: false }),
  evolve: (state, event) => {
    if (event.type === 'MemberEmailBounced') return { bounced: true };
    if (event.type === 'MemberEmailReactivated') return { bounced: false };
    return state;
  },
  decide: (command, state) => (state.bounced ? [] : [{ type: 'MemberEmailBounced', data: { member_id: command.member_id, reason: command.reason } }]),
};

export const membershipSettingsCollection = (store: DocumentStore) => store.collection<MembershipSettingsDocument>(collectionName(membershipSettingsProjection));

/** the member's address is bounce-listed (their settings read model says so) */
export const isBounceListed = async (store: DocumentStore, memberId: string): Promise<boolean> => (await membershipSettingsCollection(store).get(memberId))?.bounced === true;

export interface BounceListMailDeps {
  store: DocumentStore;
  eventStore: EventStore;
  mail: MailPort;
  clock: () => Date;
  logger?: { info(obj: object, msg?: string): void };
}

/**
 * The mail port the member mails (digests, newsletters, notifications, birthdays, messages) go through: a
 * mail to a bounce-listed member is not sent; a permanent refusal (SMTP 5xx) of a member's address appends
 * MemberEmailBounced and is not retried. Other failures (4xx, a full disk) reach the caller as before.
 */
export const bounceListMail = (deps: BounceListMailDeps): MailPort => {
  const memberOf = async (address: string): Promise<string | null> => {
    const [member] = await membersCollection(deps.store).find({ email: address, deleted: false }, { limit: 1 });
    return member?._id ?? null;
  };
  return {
    send: async (mail) => {
      const memberId = mail.to.length === 1 ? await memberOf(mail.to[0]) : null;
      if (memberId !== null && (await isBounceListed(deps.store, memberId))) {
        deps.logger?.info({ member: memberId }, 'mail not sent: the address is bounce-listed');
        return;
      }
      try {
        await deps.mail.send(mail);
      } catch (error) {
        const rejection = permanentRejectionOf(error);
        if (rejection === null || memberId === null) throw error;
        const context = { memberId: null, correlationId: randomUUID(), causationId: randomUUID() };
        const command: BounceCommand = { type: 'RecordMemberEmailBounce', member_id: memberId, reason: bounceReasonOf(rejection.responseCode, rejection.response) };
        await handleCommand({ eventStore: deps.eventStore, streamId: membershipSettingsStream(memberId), decider: bounceDecider, command, context, clock: deps.clock });
        deps.logger?.info({ member: memberId, code: rejection.responseCode }, 'address bounce-listed: the mail server refused it for good');
      }
    },
  };
};

/** the bounce-list mail port over the infrastructure's (what the member mail senders are given) */
export const bounceListMailOf = (infra: Pick<Infrastructure, 'documentStore' | 'eventStore' | 'mail' | 'clock' | 'logger'>): MailPort =>
  bounceListMail({ store: infra.documentStore, eventStore: infra.eventStore, mail: infra.mail, clock: infra.clock, logger: infra.logger.child({ component: 'bounce-list' }) });
