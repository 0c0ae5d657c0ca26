import {
  DEFAULT_TIME_ZONE,
  knownTimeZone,
  monthGrid,
  monthRange,
  windowBounds,
  type AppointmentsMonthResponse,
} from '@cn/contracts';
import { type DocumentStore, type Filter } from '@cn/platform';
import { collectionName } from '@cn/domain';
import { instancesInWindow, type AppointmentInstance } from './appointment-instances';
import { canSeeAppointment, toAppointmentDto, type AppointmentReadContext } from './appointment-dto';
import { appointmentsProjection, type AppointmentDocument } from './appointments.projection';

export const appointmentsCollection = (store: DocumentStore) =>
  store.collection<AppointmentDocument>(collectionName(appointmentsProjection));

const DAY_MS = 86_400_000;

export interface MonthQuery {
  /** `YYYY-MM` or `YYYY-MM-DD` */
  date: string;
  view: 'sheet' | 'list';
  calendar_ids: string[] | null;
  /** group scope: only the calendars of these groups */
  group_id: string | null;
  /** only instances the viewer takes part in (accepted or invited) */
  participating: boolean;
  time_zone: string;
}

/** documents that may have an instance in [fromMs, toMs): a day of slack for floating all-day appointments */
export const documentsInRange = (store: DocumentStore, fromMs: number, toMs: number, extra: Filter = {}): Promise<AppointmentDocument[]> => {
  const from = new Date(fromMs - DAY_MS).toISOString();
  const to = new Date(toMs + DAY_MS).toISOString();
  return appointmentsCollection(store).find({
    $and: [{ deleted: false }, { range_start: { $lt: to } }, { $or: [{ range_end: null }, { range_end: { $gte: from } }] }, extra],
  });
};

/** an instance the viewer takes part in: accepted or still invited */
export const isParticipating = (instance: AppointmentInstance, memberId: string): boolean =>
  instance.participants.some((p) => p.member_id === memberId && (p.status === 'accepted' || p.status === 'invited'));

export const byStart = (a: AppointmentInstance, b: AppointmentInstance): number =>
  a.start.localeCompare(b.start) || a.fields.name.localeCompare(b.fields.name) || a.id.localeCompare(b.id);

/**
 * Every instance in the month the viewer may see: the sheet covers whole ISO weeks, the list the month
 * itself; recurring series expanded, modified occurrences replacing theirs.
 */
export const appointmentsOfMonth = async (ctx: AppointmentReadContext, query: MonthQuery): Promise<AppointmentsMonthResponse> => {
  const grid = monthGrid(query.date);
  const range = query.view === 'sheet' ? { from: grid.from, to: grid.to } : monthRange(query.date);
  const timeZone = knownTimeZone(query.time_zone || DEFAULT_TIME_ZONE);
  const window = { ...range, time_zone: timeZone, ...windowBounds({ ...range, time_zone: timeZone }) };
  const groupCalendars =
    query.group_id === null ? null : new Set([...ctx.calendars.values()].filter((c) => c.parent_id === query.group_id).map((c) => c._id));
  const docs = await documentsInRange(ctx.store, window.fromMs, window.toMs, query.participating ? { participant_ids: { $contains: ctx.viewer.member_id } } : {});
  const instances = docs
    .filter((doc) => canSeeAppointment(doc, ctx))
    .flatMap((doc) => instancesInWindow(doc, window))
    .filter((instance) => query.calendar_ids === null || instance.fields.calendar_ids.some((id) => query.calendar_ids?.includes(id)))
    .filter((instance) => groupCalendars === null || instance.fields.calendar_ids.some((id) => groupCalendars.has(id)))
    .filter((instance) => !query.participating || isParticipating(instance, ctx.viewer.member_id))
    .sort(byStart);
  const last = new Date(Date.parse(`${range.to}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
  return {
    from: range.from,
    to: last,
    month: grid.month,
    appointments: instances.map((instance) => toAppointmentDto(instance, ctx, { detail: false })),
  };
};
