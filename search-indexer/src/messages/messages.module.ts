import type { SearchFeature } from '../core/search-feature';
import { MESSAGES_INDEX_DEFINITION, messagesIndexing } from './messages-index';

/** Direct messages, for the global search of their participants (its routes come with the global-search feature). */
export const messagesSearchFeature: SearchFeature = {
  name: 'messages',
  indexing: async (open, { cipher }) => messagesIndexing(await open(MESSAGES_INDEX_DEFINITION), cipher),
};
