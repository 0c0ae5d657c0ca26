import { z } from 'zod';
import { defineEvent, type EventOf } from '../common/events';
import { MAX_ARCHIVE_REQUEST_ITEMS } from './file-constants';

/**
 * Archive exports (the spec's "Export: initialized or in_progress shows a progress bar with percentage;
 * finished shows creation time, downloadable files and a generate-new action"): a member asks for files
 * and folders as one zip; the projection service builds it into the file storage, reporting progress over
 * the realtime channel, and records how it ended on the archive's own stream. Only the member who asked
 * sees or downloads it. docs/FILES.md "Archive exports".
 */
export const fileArchiveStream = (archiveId: string): string => `filearchive-${archiveId}`;

export const FILE_ARCHIVE_STATUSES = ['initialized', 'in_progress', 'finished', 'failed', 'expired'] as const;
export type FileArchiveStatus = (typeof FILE_ARCHIVE_STATUSES)[number];
export const FILE_ARCHIVE_OUTCOMES = ['finished', 'failed'] as const;
/** the realtime collection of archive changes and progress (to the member who asked) */
export const FILE_ARCHIVES_COLLECTION = 'file_archives';
/** a member's exports answered by GET /api/storage/archives: the newest this many */
export const FILE_ARCHIVES_LISTED = 20;

export const REQUEST_FILE_ARCHIVE = 'RequestFileArchive';
export const EXPIRE_FILE_ARCHIVE = 'ExpireFileArchive';
export const DELETE_FILE_ARCHIVE = 'DeleteFileArchive';
/**
 * How long a finished export's zip is kept (the spec names no period; FILES_ARCHIVE_EXPIRY_HOURS overrides
 * it): then its bytes are removed and the export is `expired` (its download answers 410 `archive_expired`).
 */
export const DEFAULT_ARCHIVE_EXPIRY_HOURS = 24;
/** the setting FILES_ARCHIVE_EXPIRY_HOURS names the period in hours */
export const ARCHIVE_EXPIRY_SETTING = 'FILES_ARCHIVE_EXPIRY_HOURS';
/** the period in ms from the setting's value (a positive number of hours, fractions allowed), else the default */
export const archiveExpiryMsOf = (setting: string | undefined): number => {
  const hours = Number(setting ?? DEFAULT_ARCHIVE_EXPIRY_HOURS);
  return (Number.isFinite(hours) && hours > 0 ? hours : DEFAULT_ARCHIVE_EXPIRY_HOURS) * 60 * 60_000;
};

/** what the member asked for; what they may read is checked again when the archive is built */
export const FileArchiveRequested = defineEvent(
  'FileArchiveRequested',
  1,
  z.object({ archive_id: z.string(), member_id: z.string(), file_ids: z.array(z.string()), folder_ids: z.array(z.string()), current_folder_id: z.string().nullable() }),
);
/** the projection service's account of the build: the zip's bytes (a blob key of the file storage), or the failure */
export const FileArchiveFinished = defineEvent(
  'FileArchiveFinished',
  1,
  z.object({
    archive_id: z.string(),
    outcome: z.enum(FILE_ARCHIVE_OUTCOMES),
    blob_key: z.string().nullable(),
    bytes: z.number().int().nonnegative(),
    entries: z.number().int().nonnegative(),
    error: z.string().nullable(),
  }),
);
/** a finished export's period ran out: its zip's bytes are let go of (removed unless something else holds the same bytes) */
export const FileArchiveExpired = defineEvent('FileArchiveExpired', 1, z.object({ archive_id: z.string(), blob_key: z.string() }));
/** the member removed their export (its zip's bytes too, when it still had them) */
export const FileArchiveDeleted = defineEvent('FileArchiveDeleted', 1, z.object({ archive_id: z.string(), member_id: z.string(), blob_key: z.string().nullable() }));
export const fileArchiveEvents = [FileArchiveRequested, FileArchiveFinished, FileArchiveExpired, FileArchiveDeleted] as const;
export type FileArchiveEvent = EventOf<(typeof fileArchiveEvents)[number]>;

const id = z.string().min(1).max(100);
/** POST /api/storage/archives: the batch download's selection (as POST /api/v1/file_token takes it) */
export const requestFileArchiveSchema = z.object({
  file_ids: z.array(id, { message: 'invalid_type' }).max(MAX_ARCHIVE_REQUEST_ITEMS, { message: 'too_many' }).default([]),
  folder_ids: z.array(id, { message: 'invalid_type' }).max(MAX_ARCHIVE_REQUEST_ITEMS, { message: 'too_many' }).default([]),
  current_folder_id: id.optional(),
});
export type RequestFileArchiveRequest = z.input<typeof requestFileArchiveSchema>;
export const requestFileArchiveAnswerSchema = z.object({ id: z.string(), position: z.number().int() });

/** the spec's Export: status, createdAt, files (id, fileUrl, downloadUrl, extension); and the progress in percent */
export const fileArchiveSchema = z.object({
  id: z.string(),
  status: z.enum(FILE_ARCHIVE_STATUSES),
  progress: z.number().int().min(0).max(100),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** when a finished export's zip goes (null otherwise) */
  expiresAt: z.string().nullable(),
  files: z.array(z.object({ id: z.string(), name: z.string(), bytes: z.number().int(), fileUrl: z.string(), downloadUrl: z.string(), extension: z.string() })),
});
export type FileArchiveDto = z.infer<typeof fileArchiveSchema>;
export const fileArchivesAnswerSchema = z.object({ archives: z.array(fileArchiveSchema) });
export type FileArchivesResponse = z.infer<typeof fileArchivesAnswerSchema>;
/** a progress message's `doc` (pushed while the archive is built) */
export interface FileArchiveProgress {
  position: number;
  progress: number;
}
