import type { DocumentStore } from '@cn/platform';
import { instancesInWindow, type AppointmentInstance } from '../appointments/appointment-instances';
import { byStart, documentsInRange } from '../appointments/appointments.read';
import type { AppointmentDocument } from '../appointments/appointments.projection';

/** how far ahead the newsletter looks for upcoming activities */
export const UPCOMING_DAYS = 90;
const DAY_MS = 86_400_000;

/**
 * The next instance of every appointment (series) still to come, within UPCOMING_DAYS: the order names
 * appointments, so a series is listed once, by its next occurrence. `visible` narrows to what a reader may see.
 */
export const upcomingInstances = async (store: DocumentStore, now: Date, visible: (doc: AppointmentDocument) => boolean = () => true): Promise<AppointmentInstance[]> => {
  const fromMs = now.getTime();
  const toMs = fromMs + UPCOMING_DAYS * DAY_MS;
  const window = { from: now.toISOString(), to: new Date(toMs).toISOString(), fromMs, toMs };
  const next = new Map<string, AppointmentInstance>();
  for (const doc of await documentsInRange(store, fromMs, toMs)) {
    if (!visible(doc)) continue;
    for (const instance of instancesInWindow(doc, window)) {
      if (instance.canceled || Date.parse(instance.start) < fromMs) continue;
      const known = next.get(doc._id);
      if (!known || byStart(instance, known) < 0) next.set(doc._id, instance);
    }
  }
  return [...next.values()].sort(byStart);
};

/** the administrators' order first (as far as it names upcoming ones), then the others by start */
export const inNewsletterOrder = (instances: readonly AppointmentInstance[], order: readonly string[]): AppointmentInstance[] => {
  const rank = new Map(order.map((id, index) => [id, index]));
  const ordered = instances.filter((instance) => rank.has(instance.doc._id)).sort((a, b) => (rank.get(a.doc._id) ?? 0) - (rank.get(b.doc._id) ?? 0));
  return [...ordered, ...instances.filter((instance) => !rank.has(instance.doc._id))];
};
