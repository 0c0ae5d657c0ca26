import { ARCHIVE_EXPIRY_SETTING, archiveExpiryMsOf, eventOf, fileArchiveEvents } from '@cn/contracts';
import type { ProjectedDocument, Projection } from '@cn/domain';

/** One archive export as asked for and as it ended (docs/FILES.md "Archive exports"); the progress is kept apart. */
export interface FileArchiveDocument extends ProjectedDocument {
  member_id: string;
  file_ids: string[];
  folder_ids: string[];
  current_folder_id: string | null;
  state: 'requested' | 'finished' | 'failed' | 'expired';
  requested_at: string;
  finished_at: string | null;
  /** when the finished export's zip goes (the expiry's period after finished_at; null otherwise) */
  expires_at: string | null;
  /** the zip's bytes in the file storage: never in an answer */
  blob_key: string | null;
  bytes: number;
  entries: number;
  error: string | null;
}

export const fileArchivesProjection: Projection<FileArchiveDocument> = {
  name: 'file_archives',
  // version 2: expired exports (and expires_at); deleted ones leave
  version: 2,
  eventTypes: fileArchiveEvents.map((definition) => definition.type),
  documentIds: (event) => {
    const archive = eventOf(fileArchiveEvents, event);
    return archive ? [archive.data.archive_id] : [];
  },
  evolve(doc, event, id) {
    const archive = eventOf(fileArchiveEvents, event);
    if (!archive) return doc;
    switch (archive.type) {
      case 'FileArchiveRequested':
        return {
          _id: id,
          member_id: archive.data.member_id,
          file_ids: archive.data.file_ids,
          folder_ids: archive.data.folder_ids,
          current_folder_id: archive.data.current_folder_id,
          state: 'requested',
          requested_at: event.metadata.occurredAt,
          finished_at: null,
          expires_at: null,
          blob_key: null,
          bytes: 0,
          entries: 0,
          error: null,
        };
      case 'FileArchiveFinished':
        return doc
          ? {
              ...doc,
              state: archive.data.outcome,
              finished_at: event.metadata.occurredAt,
              expires_at: archive.data.outcome === 'finished' ? new Date(Date.parse(event.metadata.occurredAt) + archiveExpiryMsOf(process.env[ARCHIVE_EXPIRY_SETTING])).toISOString() : null,
              blob_key: archive.data.blob_key,
              bytes: archive.data.bytes,
              entries: archive.data.entries,
              error: archive.data.error,
            }
          : null;
      case 'FileArchiveExpired':
        return doc ? { ...doc, state: 'expired', expires_at: null, blob_key: null } : null;
      case 'FileArchiveDeleted':
        return null;
    }
  },
  indexes: [['member_id', 'requested_at']],
};

/** how far a running build is, in percent (the runner's, beside the read model: it is no event) */
export const FILE_ARCHIVE_PROGRESS_COLLECTION = 'file_archive_progress';
export interface FileArchiveProgressDocument {
  [key: string]: unknown;
  _id: string;
  progress: number;
}
