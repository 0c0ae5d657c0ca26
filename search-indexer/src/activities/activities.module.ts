import type { SearchFeature } from '../core/search-feature';
import { ACTIVITIES_INDEX_DEFINITION, activitiesIndexing, ACTIVITY_STREAMS_INDEX_DEFINITION } from './activities-index';

/** Posts and replies of the activity streams, for the global search (its routes come with the global-search feature). */
export const activitiesSearchFeature: SearchFeature = {
  name: 'activities',
  indexing: async (open) => activitiesIndexing(await open(ACTIVITIES_INDEX_DEFINITION), await open(ACTIVITY_STREAMS_INDEX_DEFINITION)),
};
