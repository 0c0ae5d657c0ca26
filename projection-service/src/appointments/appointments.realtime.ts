import { WAITLIST_PROMOTIONS_COLLECTION } from '@cn/contracts';
import { collectionName } from '@cn/domain';
import type { ChangePublisher } from '../realtime/change-publisher';
import { appointmentsProjection, type AppointmentDocument } from './appointments.projection';

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
