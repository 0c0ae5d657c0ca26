import { APPOINTMENTS_TOPIC, WAITLIST_PROMOTIONS_COLLECTION } from '@cn/contracts';
import { collectionName, createLruCache } from '@cn/domain';
import type { DocumentStore } from '@cn/platform';
import { activeViewers, calendarsCollection } from '../calendars/calendars.read';
import { loadNetwork } from '../network/network.read';
import type { ChangePublisher } from '../realtime/change-publisher';
import { canSeeAppointment, type AppointmentReadContext } from './appointment-dto';
import { appointmentsProjection, type AppointmentDocument } from './appointments.projection';

const REMEMBERED_APPOINTMENTS = 10_000;

/** who an appointment concerned: enough to tell those who saw it before a change that hides it from them */
type Audience = Pick<AppointmentDocument, 'participant_ids' | 'author_id' | 'calendar_ids'>;

/**
 * A place freed by a decline or a removal went to the first waiting member: tell that member at once,
 * on every console they have open.
 */
export const waitlistPromotionPublisher = (): ChangePublisher => ({
  collection: collectionName(appointmentsProjection),
  publish: (change, hub) => {
    if (change.event.type !== 'WaitlistPromoted' || change.doc === null) return Promise.resolve();
    const doc = change.doc as AppointmentDocument;
    const { member_id: memberId, promoted_at: promotedAt } = change.event.data as { member_id: string; promoted_at: string };
    hub.publishTo(memberId, {
      type: 'changed',
      collection: WAITLIST_PROMOTIONS_COLLECTION,
      id: doc._id,
      doc: { appointment_id: doc._id, name: doc.fields.name, promoted_at: promotedAt, position: change.event.position },
    });
    return Promise.resolve();
  },
});

/**
 * An appointment changed (created, edited, canceled, deleted, an invite or an answer): its participants
 * hear it on every console (their invites and the open-invite count follow), and so does every member
 * whose open pages watch appointments and who may see it, before or after the change. The message says
 * which appointment changed and at which position, nothing of its content: each console reads it again
 * through the read API, which answers what that member may see.
 */
export const appointmentChangePublisher = (store: DocumentStore): ChangePublisher => {
  const before = createLruCache<Audience>(REMEMBERED_APPOINTMENTS);
  return {
    collection: collectionName(appointmentsProjection),
    publish: async (change, hub) => {
      const doc = change.doc as AppointmentDocument | null;
      if (doc === null) return;
      const previous = before.get(doc._id);
      before.set(doc._id, { participant_ids: doc.participant_ids, author_id: doc.author_id, calendar_ids: doc.calendar_ids });
      const concerned = new Set([...doc.participant_ids, ...(previous?.participant_ids ?? [])]);
      const watchers = hub.watching(APPOINTMENTS_TOPIC).filter((memberId) => !concerned.has(memberId));
      if (watchers.length > 0) {
        const [calendars, network] = await Promise.all([calendarsCollection(store).find(), loadNetwork(store)]);
        const byId = new Map(calendars.map((calendar) => [calendar._id, calendar]));
        // a deleted appointment is told to those who saw it while it was there
        const shown = { ...doc, deleted: false };
        const shownBefore = previous ? { ...shown, ...previous } : null;
        // who may see it does not depend on the time (the clock only shapes what a page shows)
        const now = new Date();
        for (const { member, viewer } of await activeViewers(store, watchers)) {
          const ctx: AppointmentReadContext = { store, member, viewer, calendars: byId, settings: network.settings, now };
          if (canSeeAppointment(shown, ctx) || (shownBefore !== null && canSeeAppointment(shownBefore, ctx))) concerned.add(member._id);
        }
      }
      const message = { type: 'changed' as const, collection: 'appointments', id: doc._id, doc: { position: change.event.position } };
      for (const memberId of concerned) hub.publishTo(memberId, message);
    },
  };
};
