import {
  appointmentCategoriesOf,
  appointmentCategoriesStream,
  AppointmentCategoriesChanged,
  DEFAULT_NETWORK_ID,
  eventOf,
  type AppointmentFields,
} from '@cn/contracts';
import { DomainError, type EventStore } from '@cn/domain';
import { evolveAppointmentCategories, initialAppointmentCategoriesState } from './appointment-categories.decider';

export const CATEGORY_FIELD = 'appointment.category';

/** The categories an appointment may name, folded from their stream (a category added a moment ago counts). */
export class AppointmentCategoryCatalog {
  constructor(private readonly eventStore: Pick<EventStore, 'readStream'>) {}

  async ids(): Promise<Set<string>> {
    const events = await this.eventStore.readStream(appointmentCategoriesStream(DEFAULT_NETWORK_ID));
    const state = events.reduce(
      (current, recorded) => {
        const event = eventOf([AppointmentCategoriesChanged], recorded);
        return event ? evolveAppointmentCategories(current, event) : current;
      },
      initialAppointmentCategoriesState(),
    );
    return new Set(appointmentCategoriesOf(state.custom).map((category) => category.id));
  }
}

/**
 * An appointment names a known category, or none; the category it already had may stay after the
 * administrators removed it (saving the form again must not fail on it).
 */
export const requireKnownCategory = (fields: Pick<AppointmentFields, 'category'>, known: ReadonlySet<string>, current: string | null): void => {
  if (fields.category === null || fields.category === current || known.has(fields.category)) return;
  throw new DomainError('unknown_category', 'invalid', CATEGORY_FIELD);
};
