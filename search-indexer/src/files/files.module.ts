import type { SearchFeature } from '../core/search-feature';
import { FILES_INDEX_DEFINITION, filesIndexing, REMOVED_FILES_INDEX_DEFINITION, UPLOADS_INDEX_DEFINITION } from './files-index';

/** Published files and folders, for the global search (its routes come with the global-search feature). */
export const filesSearchFeature: SearchFeature = {
  name: 'files',
  indexing: async (open, { cipher }) => filesIndexing(await open(FILES_INDEX_DEFINITION), await open(UPLOADS_INDEX_DEFINITION), await open(REMOVED_FILES_INDEX_DEFINITION), cipher),
};
