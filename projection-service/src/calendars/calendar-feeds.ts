import { canSeeCalendar, SUBSCRIPTION_COLLECTIONS } from '@cn/contracts';
import type { AppointmentReadContext } from '../appointments/appointment-dto';
import { canSeeAppointment } from '../appointments/appointment-dto';
import type { AppointmentDocument } from '../appointments/appointments.projection';
import { appointmentsCollection } from '../appointments/appointments.read';
import type { CalendarDocument } from './calendars.projection';

export type SubscriptionCollection = (typeof SUBSCRIPTION_COLLECTIONS)[number];

export const isSubscriptionCollection = (value: string): value is SubscriptionCollection =>
  (SUBSCRIPTION_COLLECTIONS as readonly string[]).includes(value);

const takesPart = (doc: AppointmentDocument, memberId: string): boolean =>
  [...doc.participants, ...doc.occurrences.flatMap((o) => o.participants)].some(
    (p) => p.member_id === memberId && !p.removed && (p.status === 'accepted' || p.status === 'invited'),
  );

/** which calendars a collection draws from (null: not by calendar) */
const calendarRule = (collection: SubscriptionCollection, memberId: string): ((calendar: CalendarDocument) => boolean) | null => {
  switch (collection) {
    case 'all':
    case 'participating':
      return null;
    case 'personal':
      return (calendar) => calendar.type === 'personal' && calendar.author_id === memberId;
    case 'shared':
      return (calendar) => calendar.type === 'personal' && calendar.author_id !== memberId && calendar.shared_with.includes(memberId);
    case 'network':
      return (calendar) => calendar.type === 'network';
  }
};

/** the appointments of a webcal collection as the member may see them */
export const appointmentsOfCollection = async (ctx: AppointmentReadContext, collection: SubscriptionCollection): Promise<AppointmentDocument[]> => {
  const memberId = ctx.viewer.member_id;
  const docs = await appointmentsCollection(ctx.store).find(
    collection === 'participating' ? { deleted: false, participant_ids: { $contains: memberId } } : { deleted: false },
    { sort: [['range_start', 1], ['_id', 1]] },
  );
  const rule = calendarRule(collection, memberId);
  return docs.filter((doc) => {
    if (!canSeeAppointment(doc, ctx)) return false;
    if (collection === 'participating') return takesPart(doc, memberId);
    if (rule === null) return true;
    return doc.calendar_ids.some((id) => {
      const calendar = ctx.calendars.get(id);
      return calendar !== undefined && canSeeCalendar(calendar, ctx.viewer) && rule(calendar);
    });
  });
};
