import type { SearchFeature } from '../core/search-feature';
import { APPOINTMENTS_INDEX_DEFINITION, appointmentsIndexing, CALENDARS_INDEX_DEFINITION } from './appointments-index';

/** Appointments and their calendars' names, for the global search (its routes come with the search module). */
export const appointmentsSearchFeature: SearchFeature = {
  name: 'appointments',
  indexing: async (open) => appointmentsIndexing(await open(APPOINTMENTS_INDEX_DEFINITION), await open(CALENDARS_INDEX_DEFINITION)),
};
