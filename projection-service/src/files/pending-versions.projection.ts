import { eventOf, fileEvents } from '@cn/contracts';
import type { ProjectedDocument, Projection } from '@cn/domain';

/** personal data arrives revealed; an erased author's is blanked */
const plain = (value: unknown): string => (typeof value === 'string' ? value : '');

export interface PendingVersionEntry {
  version_id: string;
  original_filename: string;
  extension: string;
  author_id: string;
  description: string;
  created_at: string;
}

/**
 * The open-review list's read model: one document per published file with where it is and its pending
 * versions; `has_pending` (indexed with the scope) lets the list read only the files awaiting review
 * instead of every file of every scope the member sees.
 */
export interface PendingFileDocument extends ProjectedDocument {
  scope_type: 'network' | 'group';
  group_id: string | null;
  folder_id: string;
  name: string;
  author_id: string;
  has_pending: boolean;
  pending: PendingVersionEntry[];
  /** removed (kept with its pending versions: a batch's compensation may restore it) */
  removed?: boolean;
}

const withPending = (doc: PendingFileDocument, pending: PendingVersionEntry[]): PendingFileDocument => ({ ...doc, pending, has_pending: pending.length > 0 && doc.removed !== true });

export const pendingFileVersionsProjection: Projection<PendingFileDocument> = {
  name: 'pending_file_versions',
  // 2: a removed file is kept, marked, so that FileRestored brings its pending versions back
  version: 2,
  eventTypes: fileEvents.map((definition) => definition.type),
  documentIds: (event) => [(event.data as { file_id: string }).file_id],
  indexes: [['has_pending', 'scope_type', 'group_id']],
  evolve: (doc, recorded, id) => {
    const event = eventOf(fileEvents, recorded);
    if (!event) return doc;
    if (event.type === 'FilePublished') {
      const { scope_type, group_id, folder_id, name, author_id } = event.data;
      return { _id: id, scope_type, group_id, folder_id, name, author_id, has_pending: false, pending: [] };
    }
    // a volatile upload is nobody's to review yet
    if (!doc) return null;
    switch (event.type) {
      case 'FileVersionAdded': {
        const { version_id, original_filename, extension, author_id, description, pending } = event.data;
        if (!pending || doc.pending.some((entry) => entry.version_id === version_id)) return doc;
        return withPending(doc, [...doc.pending, { version_id, original_filename, extension, author_id, description: plain(description), created_at: recorded.metadata.occurredAt }]);
      }
      case 'FileVersionApproved':
      case 'FileVersionDeclined':
        return withPending(doc, doc.pending.filter((entry) => entry.version_id !== event.data.version_id));
      case 'FileMoved':
        return { ...doc, folder_id: event.data.folder_id };
      case 'FileRenamed':
        return { ...doc, name: event.data.name };
      case 'FileRemoved':
        return withPending({ ...doc, removed: true }, doc.pending);
      case 'FileRestored':
        return withPending({ ...doc, removed: false }, doc.pending);
      default:
        return doc;
    }
  },
};
