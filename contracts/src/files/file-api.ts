import { z } from 'zod';
import { safeText } from '../common/safe-text';
import type { FileCan, FolderCan } from './file-abilities';
import { profileValuesSchema, type ProfileValues } from './file-profiles';
import { FILE_DESCRIPTION_MAX_LENGTH, FILE_NAME_MAX_LENGTH, FOLDER_NAME_MAX_LENGTH, MAX_ARCHIVE_ITEMS, MAX_ARCHIVE_REQUEST_ITEMS, MAX_LOCK_PERIOD_DAYS } from './file-constants';

const id = z.string().trim().min(1, { message: 'required' }).max(100, { message: 'too_long' });
const folderName = safeText(z.string().trim().min(1, { message: 'required' }).max(FOLDER_NAME_MAX_LENGTH, { message: 'too_long' }), 'required').refine(
  (value) => !/[\\/]/.test(value) && value !== '.' && value !== '..',
  { message: 'invalid_name' },
);
const fileName = safeText(z.string().trim().min(1, { message: 'required' }).max(FILE_NAME_MAX_LENGTH, { message: 'too_long' }), 'required').refine(
  (value) => !/[\\/]/.test(value) && !value.startsWith('.'),
  { message: 'invalid_name' },
);
const description = z.string().max(FILE_DESCRIPTION_MAX_LENGTH, { message: 'too_long' });
/** the stream revision the client's form was read at (409 when the folder or file changed since) */
const expectedRevision = z.number().int().min(0).optional();

export const createFolderRequestSchema = z.object({ name: folderName, description: description.default(''), parent_folder_id: id, folder_profile: profileValuesSchema.default({}) });
export type CreateFolderRequest = z.output<typeof createFolderRequestSchema>;
/** `folder_profile` absent: the folder's profile values stay */
export const editFolderRequestSchema = z.object({ name: folderName, description: description.default(''), expected_revision: expectedRevision, folder_profile: profileValuesSchema.optional() });
/** PUT /api/storage/files/{id}/profile: the file's profile values, all of them */
export const changeFileProfileRequestSchema = z.object({ file_profile: profileValuesSchema, expected_revision: expectedRevision });
export const moveRequestSchema = z.object({ target_folder_id: id, expected_revision: expectedRevision });
export const renameFileRequestSchema = z.object({ name: fileName, expected_revision: expectedRevision });

/** the new-files form: uploads (volatile) to publish into one folder */
export const publishFilesRequestSchema = z.object({
  files: z.array(z.object({ id }), { message: 'required' }).min(1, { message: 'required' }).max(100, { message: 'too_many' }),
  folder_ids: z.array(id, { message: 'required' }).min(1, { message: 'required' }).max(1, { message: 'too_many' }),
  description: description.default(''),
  post_to_stream: z.boolean().default(false),
  /** every published file gets these profile values (only while the network's profiles are on) */
  file_profile: profileValuesSchema.default({}),
});
export type PublishFilesRequest = z.output<typeof publishFilesRequestSchema>;

/** a new version of a file from an upload (volatile) */
export const addFileVersionRequestSchema = z.object({ upload_id: id, description: description.default('') });

/** PUT /api/storage/{fileUrl}/lock: `locked_unitl` as the product spells it; the network's period when absent */
export const lockFileRequestSchema = z.object({
  locked_unitl: z.iso.datetime({ offset: true, message: 'invalid_date' }).nullable().optional(),
});

export const batchRequestSchema = z.object({
  file_ids: z.array(id).max(MAX_ARCHIVE_REQUEST_ITEMS, { message: 'too_many' }).default([]),
  folder_ids: z.array(id).max(MAX_ARCHIVE_REQUEST_ITEMS, { message: 'too_many' }).default([]),
  current_folder_id: id.optional(),
});
const batchItems = {
  file_ids: z.array(id, { message: 'invalid_type' }).max(MAX_ARCHIVE_ITEMS, { message: 'too_many' }).default([]),
  folder_ids: z.array(id, { message: 'invalid_type' }).max(MAX_ARCHIVE_ITEMS, { message: 'too_many' }).default([]),
  /** the folder the selection was made in (informative; every item is checked where it is now) */
  source_folder_id: id.optional(),
};
const someItem = (body: { file_ids: string[]; folder_ids: string[] }): boolean => body.file_ids.length + body.folder_ids.length > 0;
/** POST /api/storage/files/move: every item or none */
export const batchMoveRequestSchema = z.object({ ...batchItems, target_folder_id: id }).refine(someItem, { message: 'required', path: ['file_ids'] });
export type BatchMoveRequest = z.output<typeof batchMoveRequestSchema>;
/** DELETE /api/storage/files: every item or none */
export const batchDeleteRequestSchema = z.object(batchItems).refine(someItem, { message: 'required', path: ['file_ids'] });
export type BatchDeleteRequest = z.output<typeof batchDeleteRequestSchema>;

const extensionEntry = z.string().trim().regex(/^[A-Za-z0-9]+$/, { message: 'invalid_extension' });
export const fileSettingsRequestSchema = z.object({
  extension_filter: z.object({ enabled: z.boolean(), type: z.enum(['allow', 'deny']), list: z.array(extensionEntry).max(200, { message: 'too_many' }) }),
  lock_period_days: z.number().int().min(1, { message: 'too_small' }).max(MAX_LOCK_PERIOD_DAYS, { message: 'too_large' }),
  profiles_enabled: z.boolean({ message: 'invalid_type' }).default(false),
});

export interface FileRef {
  id: string;
  name: string;
}

/** an upload as the uploader's form sees it */
export interface UploadedFileDto {
  id: string;
  name: string;
  size: number;
  extension: string;
  content_type: string;
  state: 'volatile' | 'published' | 'removed';
}

export interface FolderItemDto {
  id: string;
  /** `activitystream_folder`: the scope's activity-stream folder (its posted files; no move in or out, no subfolders) */
  type: 'folder' | 'root_folder' | 'activitystream_folder';
  name: string;
  description: string;
  parent_folder_id: string | null;
  namespace: 'network' | 'group';
  group_id: string | null;
  total_files_count: number;
  total_subfolders_count: number;
  revision: number;
  /** files by others reached it since the member last opened it (GET /api/v1/unreads/folders counts these) */
  unread: boolean;
  /** its profile values; null while the network's profiles are off */
  folder_profile: ProfileValues | null;
  can: FolderCan;
}

export interface FileVersionDto {
  id: string;
  major: number;
  original_filename: string;
  extension: string;
  size: number;
  content_type: string;
  created_at: string;
  author_name: string;
  url: string;
}

export interface FileItemDto {
  id: string;
  type: 'file';
  name: string;
  original_filename: string;
  extension: string;
  content_type: string;
  size: number;
  description: string;
  folder_id: string;
  namespace: 'network' | 'group';
  group_id: string | null;
  updated_at: string;
  /** ISO time while locked, else null */
  locked_until: string | null;
  lockedById: string | null;
  current_version: number;
  current_version_authors: string[];
  /** download of the current version, `?_=v{major}` */
  url: string;
  /** an image's 435x435 thumbnail (`url` with `size=thumb`), null for other files */
  thumbnail_url: string | null;
  revision: number;
  pending_versions_count: number;
  /** its profile values; null while the network's profiles are off */
  file_profile: ProfileValues | null;
  /** ISO time the file was finalized (immutable since), null while it is not */
  finalizedAt: string | null;
  /** the statistics: how many members opened or downloaded it (each counted once; POST …/track_view) */
  view_count: number;
  can: FileCan;
}

export interface PendingVersionDto {
  id: string;
  file_id: string;
  file_name: string;
  original_filename: string;
  extension: string;
  created_at: string;
  author_name: string;
  description: string;
}

export interface FolderContentsDto {
  folder: FolderItemDto;
  breadcrumbs: FileRef[];
  folders: FolderItemDto[];
  files: FileItemDto[];
}

export interface FileDetailsDto {
  file: FileItemDto;
  breadcrumbs: FileRef[];
  versions: FileVersionDto[];
  pending_versions: PendingVersionDto[];
}

/** the approval page: pending versions the viewer may approve */
export interface ApprovalDto {
  versions: PendingVersionDto[];
}

/** a pending version in the open-review list: where its file is, across the network's and the member's groups' folders */
export interface OpenReviewVersionDto extends PendingVersionDto {
  folder_id: string;
  /** the folder's name; a root folder's is '' for the network and the group's name for a group */
  folder_name: string;
  namespace: 'network' | 'group';
  group_id: string | null;
  group_name: string | null;
  /** the group's page path segment (the file's link), null for the network's files */
  group_slug: string | null;
}

/**
 * GET /api/storage/roots: the root folders the member may browse (pickers start here): the network's,
 * then those of the groups they belong to, by name; each with its counts and `can` flags.
 */
export interface FileRootsDto {
  roots: FolderItemDto[];
}

/** GET /api/storage/approval/open: every pending version the member may approve, newest first */
export interface OpenReviewDto {
  versions: OpenReviewVersionDto[];
  total: number;
}

export const createdAnswerSchema = z.object({ id: z.string(), position: z.number().int() });
export const uploadedFileAnswerSchema = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number().int(),
  extension: z.string(),
  content_type: z.string(),
  state: z.enum(['volatile', 'published', 'removed']),
  position: z.number().int(),
});
export type UploadedFileAnswer = z.infer<typeof uploadedFileAnswerSchema>;
export const fileTokenAnswerSchema = z.object({ token: z.string() });
export const publishedAnswerSchema = z.object({ position: z.number().int(), file_ids: z.array(z.string()) });

/**
 * What the storage offers (`GET /api/storage/v2/discover`): the upload limit, the network's extension filter,
 * and which features are on here (versions, locks, approval, zip archives, profiles, office suites).
 */
export interface StorageDiscovery {
  max_upload_bytes: number;
  extension_filter: { enabled: boolean; type: 'allow' | 'deny'; list: string[] };
  lock_period_days: number;
  image_sizes: string[];
  features: { versions: boolean; locks: boolean; approval: boolean; archives: boolean; profiles: boolean; download_tokens: boolean };
  /** `docs`: the built-in document actions (always); `wopi`: an office suite is connected (WOPI_DISCOVERY_URL) */
  office: { docs: boolean; wopi: boolean };
}
