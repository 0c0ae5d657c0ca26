import { eventOf, fileEvents } from '@cn/contracts';
import type { ProjectedDocument, Projection } from '@cn/domain';

/**
 * Which stored bytes some event names (by blob key): what the sweep must never remove. A blob stays
 * referenced for good: versions and removed files keep their history.
 */
export interface BlobReference extends ProjectedDocument {
  file_ids: string[];
}

export const blobReferencesProjection: Projection<BlobReference> = {
  name: 'command_lookup_file_blobs',
  version: 1,
  eventTypes: ['FileUploaded', 'FileVersionAdded'],
  documentIds: (event) => [(event.data as { blob_key: string }).blob_key],
  evolve: (doc, recorded, id) => {
    const event = eventOf(fileEvents, recorded);
    if (event?.type !== 'FileUploaded' && event?.type !== 'FileVersionAdded') return doc;
    const fileIds = doc?.file_ids ?? [];
    return fileIds.includes(event.data.file_id) ? (doc ?? { _id: id, file_ids: fileIds }) : { _id: id, file_ids: [...fileIds, event.data.file_id] };
  },
};
