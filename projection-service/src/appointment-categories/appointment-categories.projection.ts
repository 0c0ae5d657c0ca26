import { AppointmentCategoriesChanged, DEFAULT_NETWORK_ID, eventOf, type CustomCategory } from '@cn/contracts';
import type { ProjectedDocument, Projection } from '@cn/domain';

export type AppointmentCategoriesDocument = ProjectedDocument & { custom_categories: CustomCategory[] };

/** The network's custom appointment categories, one document per network. */
export const appointmentCategoriesProjection: Projection<AppointmentCategoriesDocument> = {
  name: 'appointment_categories',
  version: 1,
  eventTypes: ['AppointmentCategoriesChanged'],
  documentIds: (event) => [(event.data as { network_id?: string }).network_id ?? DEFAULT_NETWORK_ID],
  evolve: (doc, recorded, id) => {
    const event = eventOf([AppointmentCategoriesChanged], recorded);
    switch (event?.type) {
      case 'AppointmentCategoriesChanged':
        return { _id: id, custom_categories: event.data.custom_categories };
      default:
        return doc;
    }
  },
};
