import { createHash, randomUUID } from 'node:crypto';
import { DEFAULT_MEMBERSHIP_SETTINGS, DEFAULT_TIME_ZONE, eventOf, memberTimeZoneOf, eventRegistry, membershipSettingsEvents, membershipSettingsStream, type DigestKind } from '@cn/contracts';
import { collectionName, WrongExpectedRevisionError, type EventStore } from '@cn/domain';
import type { DocumentStore, MailPort } from '@cn/platform';
import type { ActivityDocument } from '../activities/activities.projection';
import { collectVisible, loadStreamsContext } from '../activities/activities.read';
import { documentsInRange, byStart, isParticipating } from '../appointments/appointments.read';
import { instancesInWindow } from '../appointments/appointment-instances';
import { loadMembers, memberRef } from '../calendars/calendars.read';
import { memberLocksProjection, type MemberLockDocument } from '../members/member-locks.projection';
import { membersCollection } from '../members/members.read';
import { composeDigest, type DigestActivity, type DigestAppointment } from '../membership-settings/digest-composer';
import { membershipSettingsProjection, type MembershipSettingsDocument } from '../membership-settings/membership-settings.projection';
import { loadNetwork } from '../network/network.read';
import { notificationsOf } from '../notifications/notifications.read';
import { digestDecider, slotRecorded, type DigestState } from './digest.decider';
import type { DigestSlot } from './digest-slots';
import { sendMailOnce } from './mail-once';

export interface DigestRunDeps {
  store: DocumentStore;
  eventStore: EventStore;
  mail: MailPort;
  clock: () => Date;
  /** where members reach the console (links in the mail) */
  baseUrl: string;
  /** resolves true once the read models have applied the log up to the position */
  readModelsAt: (position: number) => Promise<boolean>;
  /** pins the zone slots and appointment times are told in (tests); else the network's `basic.time_zone` */
  timeZone?: string;
}

/** posts a digest lists at most (the newest) */
const ACTIVITIES_MAX = 50;
/** how far ahead 'upcoming' appointments are looked for */
const UPCOMING_DAYS = 90;
const DAY_MS = 86_400_000;

/** a stable event id per member and slot: the event store stores an id once, whatever retries append */
const digestEventId = (memberId: string, slotId: string): string => {
  const hex = createHash('sha256').update(`digest:${memberId}:${slotId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

const escapeHtml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** what a digest tells of an activity: a post's text, an appointment's name, an article's title before its text */
export const digestHtmlOf = (doc: ActivityDocument): string => {
  switch (doc.source.type) {
    case 'appointment':
      return `<p>${escapeHtml(doc.source.name)}</p>${doc.html_content}`;
    case 'article':
      return `<p>${escapeHtml(doc.source.title)}</p>${doc.html_content}`;
    default:
      return doc.html_content;
  }
};

const loadDigestState = async (eventStore: EventStore, memberId: string): Promise<{ state: DigestState; revision: number }> => {
  const recorded = await eventStore.readStream(membershipSettingsStream(memberId));
  let state = digestDecider.initialState();
  for (const event of recorded) {
    const known = eventOf(membershipSettingsEvents, event);
    if (known) state = digestDecider.evolve(state, known);
  }
  return { state, revision: recorded.length > 0 ? recorded[recorded.length - 1].revision : -1 };
};

export interface DigestRunResult {
  /** members a digest was mailed to */
  sent: string[];
  /** members whose digest had nothing new */
  empty: string[];
}

/**
 * Sends one slot's digests (`zone`: of the members whose zone it is; without it, of every member): per member with that digest switched on (not erased, not locked, with an
 * address), what is new since their last digest, as one mail, then `DigestSent` with the position it
 * covered. Run again for the same slot (a retried timer, a crash between mail and event) it mails nobody
 * twice: the mail's key is kept, the event is decided on the member's stream.
 */
export const runDigestSlot = async (deps: DigestRunDeps, slot: DigestSlot, zone?: string): Promise<DigestRunResult> => {
  const head = await deps.eventStore.headPosition();
  if (!(await deps.readModelsAt(head))) throw new Error(`read models behind position ${head}: digest slot ${slot.id} waits`);
  const kind: DigestKind = slot.kind;
  const network = (await loadNetwork(deps.store)).settings;
  const networkZone = deps.timeZone ?? network.basic.time_zone ?? DEFAULT_TIME_ZONE;
  const members = (await membersCollection(deps.store).find({ deleted: false })).filter((member) => member.email !== '');
  const locked = new Set((await deps.store.collection<MemberLockDocument>(collectionName(memberLocksProjection)).getMany(members.map((member) => member._id))).map((lock) => lock._id));
  const settingsDocs = await deps.store.collection<MembershipSettingsDocument>(collectionName(membershipSettingsProjection)).getMany(members.map((member) => member._id));
  const settingsOf = new Map(settingsDocs.map((doc) => [doc._id, doc.settings]));
  // a bounce-listed address gets no digest (nor is one recorded) until it is activated again
  const bounced = new Set(settingsDocs.filter((doc) => doc.bounced === true).map((doc) => doc._id));
  // the streams' facts once; each member sees them through their own eyes
  const shared = await loadStreamsContext(deps.store, { member_id: '', network_admin: false, external: false });
  const result: DigestRunResult = { sent: [], empty: [] };
  const now = deps.clock();

  for (const member of members) {
    if (locked.has(member._id) || bounced.has(member._id)) continue;
    const settings = settingsOf.get(member._id) ?? DEFAULT_MEMBERSHIP_SETTINGS;
    if (!settings[kind].enabled) continue;
    // a pinned zone (tests) is everyone's; else the member's own, or the network's
    const timeZone = deps.timeZone ?? memberTimeZoneOf(settings, networkZone);
    // a slot planned in one zone is for the members living in it
    if (zone !== undefined && timeZone !== zone) continue;
    const { state, revision } = await loadDigestState(deps.eventStore, member._id);
    if (slotRecorded(state, kind, slot.at)) continue;
    const since = state.kinds[kind].up_to_position;
    const viewer = { member_id: member._id, network_admin: member.roles.network_admin, external: member.roles.external };
    const ctx = { ...shared, viewer };
    // daily digests in 'new_and_updated' mode also tell of posts changed (replied to, edited) since
    const changedToo = kind === 'email_daily_digests' && network.mail.daily_activity.mode === 'new_and_updated';
    const { placed } = await collectVisible(deps.store, ctx, {
      filter: { $and: [changedToo ? { _position: { $gt: since } } : { created_position: { $gt: since } }, { _position: { $lte: head } }] },
      // posts, appointments and articles of others; someone joining a group is no news for a mail
      wanted: (entry) => entry.doc.author_id !== member._id && entry.doc.kind !== 'group_member',
      limit: ACTIVITIES_MAX,
    });
    const authors = await loadMembers(
      deps.store,
      placed.flatMap((entry) => (entry.doc.author_id ? [entry.doc.author_id] : [])),
    );
    const activities: DigestActivity[] = placed.map(({ doc }) => ({
      id: doc._id,
      group_id: doc.group_id,
      stream_name: doc.group_id === null ? network.basic.name : (ctx.groups.get(doc.group_id)?.name ?? ''),
      author_name: doc.author_id ? memberRef(authors.get(doc.author_id), doc.author_id).name : network.basic.name,
      html_content: digestHtmlOf(doc),
      created_position: doc.created_position,
    }));
    const notifications = (await notificationsOf(deps.store, viewer, 50)).notifications.filter((notification) => notification.position > since && notification.position <= head);
    const appointments: DigestAppointment[] =
      kind === 'email_digests' && network.mail.digests.max_upcoming_appointments > 0
        ? (await documentsInRange(deps.store, now.getTime(), now.getTime() + UPCOMING_DAYS * DAY_MS))
            .flatMap((doc) => instancesInWindow(doc, { from: now.toISOString(), to: new Date(now.getTime() + UPCOMING_DAYS * DAY_MS).toISOString(), fromMs: now.getTime(), toMs: now.getTime() + UPCOMING_DAYS * DAY_MS }))
            .filter((instance) => !instance.canceled && Date.parse(instance.start) >= now.getTime() && isParticipating(instance, member._id))
            .sort(byStart)
            .slice(0, network.mail.digests.max_upcoming_appointments)
            .map((instance) => ({ name: instance.fields.name, start: instance.start, html_url: `/appointments/${instance.id}` }))
        : [];
    const mail = composeDigest({
      kind,
      member: { id: member._id, email: member.email, name: memberRef(member, member._id).name },
      settings,
      network: { name: network.basic.name, base_url: deps.baseUrl, language: network.basic.language },
      time_zone: timeZone,
      group_ids: [...ctx.groups.values()].filter((group) => group.member_ids.includes(member._id)).map((group) => group._id),
      activities,
      notifications,
      appointments,
    });
    if (!mail) {
      result.empty.push(member._id);
      continue;
    }
    await sendMailOnce(deps.store, deps.mail, `digest:${member._id}:${slot.id}`, { to: mail.to, subject: mail.subject, text: mail.text }, deps.clock);
    const events = digestDecider.decide(
      {
        type: 'RecordDigestSent',
        member_id: member._id,
        kind,
        slot,
        up_to_position: head,
        counts: { ...mail.counts, appointments: appointments.length },
      },
      state,
    );
    await appendOnce(deps, member._id, revision, events.map((event) => ({ ...event, id: digestEventId(member._id, slot.id) })));
    result.sent.push(member._id);
  }
  return result;
};

const appendOnce = async (deps: DigestRunDeps, memberId: string, revision: number, events: ReadonlyArray<{ id: string; type: string; data: unknown }>): Promise<void> => {
  if (events.length === 0) return;
  const metadata = () => ({ memberId: null, occurredAt: deps.clock().toISOString(), correlationId: randomUUID(), causationId: randomUUID() });
  try {
    await deps.eventStore.append(
      membershipSettingsStream(memberId),
      events.map((event) => ({ ...event, metadata: { ...metadata(), schemaVersion: eventRegistry.get(event.type)?.version ?? 1 } })),
      { expectedRevision: revision < 0 ? 'no_stream' : revision },
    );
  } catch (error) {
    // the member saved their settings meanwhile: the slot is decided again on the stream as it is now
    if (!(error instanceof WrongExpectedRevisionError)) throw error;
    throw new Error(`member ${memberId}'s settings changed while their digest was recorded; the slot is tried again`, { cause: error });
  }
};
