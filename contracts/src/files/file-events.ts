import { z } from 'zod';
import { defineEvent, type EventOf, personal } from '../common/events';

const scopeFields = { scope_type: z.enum(['network', 'group']), group_id: z.string().nullable() };
/** profile values by property name (file-profiles.ts): the item's metadata, not personal data; absent: none given */
const profile = z.record(z.string(), z.string()).optional();

/** A folder under another folder (a root folder id for the top of a scope). Names are the folder's, not personal data. */
export const FolderCreated = defineEvent(
  'FolderCreated',
  1,
  z.object({ folder_id: z.string(), ...scopeFields, parent_folder_id: z.string(), name: z.string(), description: personal(z.string()), author_id: z.string(), profile }),
);
/** `profile` absent: the folder's profile values stay as they were */
export const FolderEdited = defineEvent('FolderEdited', 1, z.object({ folder_id: z.string(), name: z.string(), description: personal(z.string()), profile }));
export const FolderMoved = defineEvent('FolderMoved', 1, z.object({ folder_id: z.string(), from_folder_id: z.string(), parent_folder_id: z.string() }));
/** the folder and what is in it leave every list; the files' streams are not touched (their history stays) */
export const FolderDeleted = defineEvent('FolderDeleted', 1, z.object({ folder_id: z.string() }));
/**
 * The compensation of a batch (batch move and delete are every item or none): a folder the batch had deleted
 * before a later item failed is back as it was, with what is below it.
 */
export const FolderRestored = defineEvent('FolderRestored', 1, z.object({ folder_id: z.string() }));

const blobFields = {
  version_id: z.string(),
  /** the SHA-256 of the bytes: their key in the file storage; never shown to a member */
  blob_key: z.string(),
  size: z.number().int().nonnegative(),
  /** sniffed from the bytes on upload, never the client's claim */
  content_type: z.string(),
  original_filename: z.string(),
  extension: z.string(),
};

/**
 * Bytes stored for the uploader, in no folder yet (state volatile): only the uploader sees it.
 * `sealed_for`: the member whose key seals the bytes (a private blob: `blob_key` names the envelope, and
 * erasing the member leaves the bytes unreadable); absent for uploads stored before uploads were sealed.
 */
export const FileUploaded = defineEvent(
  'FileUploaded',
  1,
  z.object({ file_id: z.string(), uploader_id: z.string(), ...blobFields, sealed_for: z.string().optional() }),
);
/**
 * the new-files form put a volatile upload into a folder: it is published there, version 1. `blob_key`:
 * the sealed upload's bytes stored again unsealed, now the scope's (erasing the uploader no longer takes
 * them); absent when the upload was not sealed.
 */
export const FilePublished = defineEvent(
  'FilePublished',
  1,
  z.object({
    file_id: z.string(),
    ...scopeFields,
    folder_id: z.string(),
    name: z.string(),
    description: personal(z.string()),
    author_id: z.string(),
    blob_key: z.string().optional(),
    /** the new-files form's `file_profile` (only while the network's profiles are on) */
    profile,
  }),
);
/** a new version; `pending` when its author may not publish it directly (a scope admin approves it) */
export const FileVersionAdded = defineEvent(
  'FileVersionAdded',
  1,
  z.object({ file_id: z.string(), ...blobFields, major: z.number().int().positive().nullable(), author_id: z.string(), description: personal(z.string()), pending: z.boolean() }),
);
export const FileVersionApproved = defineEvent('FileVersionApproved', 1, z.object({ file_id: z.string(), version_id: z.string(), major: z.number().int().positive(), approver_id: z.string() }));
export const FileVersionDeclined = defineEvent('FileVersionDeclined', 1, z.object({ file_id: z.string(), version_id: z.string(), decliner_id: z.string() }));
export const FileMoved = defineEvent('FileMoved', 1, z.object({ file_id: z.string(), from_folder_id: z.string(), folder_id: z.string() }));
export const FileRenamed = defineEvent('FileRenamed', 1, z.object({ file_id: z.string(), name: z.string() }));
/** a published file's profile values replaced (the file page's profile form) */
export const FileProfileChanged = defineEvent('FileProfileChanged', 1, z.object({ file_id: z.string(), profile: z.record(z.string(), z.string()) }));
/**
 * The file was made final by a member who may change it (`can.update`), with no version awaiting approval:
 * from then on nothing changes it (no version, move, rename, profile edit, lock or removal); it is read as before.
 */
export const FileFinalized = defineEvent('FileFinalized', 1, z.object({ file_id: z.string(), finalized_by: z.string(), finalized_at: z.string() }));
/** `wopi_lock`: the lock id an office suite chose (WOPI Lock), which its later calls must name; absent for a member's own lock */
export const FileLocked = defineEvent('FileLocked', 1, z.object({ file_id: z.string(), locked_by: z.string(), locked_until: z.string(), wopi_lock: z.string().max(1024).optional() }));
export const FileUnlocked = defineEvent('FileUnlocked', 1, z.object({ file_id: z.string() }));
/**
 * An upload stayed volatile (never published, attached or discarded) past the expiry period
 * (FILES_UPLOAD_EXPIRY_HOURS): it leaves every list like a removed file, and unlike a removal its bytes are no
 * longer named, so the sweep collects them unless another file holds the same bytes.
 */
export const FileUploadExpired = defineEvent('FileUploadExpired', 1, z.object({ file_id: z.string(), /** the upload's bytes and its sizes' */ blob_keys: z.array(z.string()) }));
const sizedBlob = z.object({ blob_key: z.string(), size: z.number().int().nonnegative(), content_type: z.literal('image/webp') });
/**
 * An image version was given its sizes (the file image reactor, after the upload or the new version): the
 * preview 200x200 and thumbnail 435x435 squares and the lightbox inside 1920x1200, WebP without metadata,
 * stored before this event names them. Served through the file's own routes (`?size=`), so whoever may read
 * the file may read its sizes and nobody else.
 */
/**
 * An image version's sizes; `sealed_for` names the member whose key seals them (the sizes of a private upload
 * are as private as the upload: erasing its uploader makes them unreadable too), absent for plain sizes.
 */
export const FileImageResized = defineEvent(
  'FileImageResized',
  1,
  z.object({ file_id: z.string(), version_id: z.string(), sizes: z.object({ small: sizedBlob, large: sizedBlob, lightbox: sizedBlob }), sealed_for: z.string().optional() }),
);
/** removed by a member (volatile or published): gone from every list and download; the stream keeps its history */
export const FileRemoved = defineEvent('FileRemoved', 1, z.object({ file_id: z.string() }));
/** the compensation of a batch: a file the batch had removed before a later item failed is back (published, or the uploader's upload) */
export const FileRestored = defineEvent('FileRestored', 1, z.object({ file_id: z.string() }));

/**
 * A member opened a folder: files that reached it before this event are no longer new to them (the
 * unread folders count). On the member's own stream `folderreads-{memberId}`.
 */
export const FolderMarkedRead = defineEvent('FolderMarkedRead', 1, z.object({ member_id: z.string(), folder_id: z.string() }));

/**
 * A member opened (or downloaded) a published file for the first time: the file's view count (its
 * statistics) is the number of members who did. On the file's own views stream `fileviews-{fileId}`, never
 * on `file-{fileId}`, so a view never moves the revision an edit expects.
 */
export const FileViewed = defineEvent('FileViewed', 1, z.object({ file_id: z.string(), member_id: z.string() }));

export const FileSettingsChanged = defineEvent(
  'FileSettingsChanged',
  1,
  z.object({
    extension_filter: z.object({ enabled: z.boolean(), type: z.enum(['allow', 'deny']), list: z.array(z.string()) }),
    lock_period_days: z.number().int().positive(),
    /** file and folder profiles on; absent (older events): off */
    profiles_enabled: z.boolean().optional(),
  }),
);

export const folderEvents = [FolderCreated, FolderEdited, FolderMoved, FolderDeleted, FolderRestored] as const;
export const fileEvents = [FileUploaded, FilePublished, FileVersionAdded, FileVersionApproved, FileVersionDeclined, FileMoved, FileRenamed, FileProfileChanged, FileFinalized, FileLocked, FileUnlocked, FileRemoved, FileImageResized, FileUploadExpired, FileRestored] as const;
export const fileSettingsEvents = [FileSettingsChanged] as const;
export const folderReadEvents = [FolderMarkedRead] as const;
export const fileViewEvents = [FileViewed] as const;
export const filesModuleEvents = [...folderEvents, ...fileEvents, ...fileSettingsEvents, ...folderReadEvents, ...fileViewEvents] as const;

export type FolderEvent = EventOf<(typeof folderEvents)[number]>;
export type FileEvent = EventOf<(typeof fileEvents)[number]>;
export type FolderReadEvent = EventOf<(typeof folderReadEvents)[number]>;
export type FileViewEvent = EventOf<(typeof fileViewEvents)[number]>;
export type FileSettingsEvent = EventOf<(typeof fileSettingsEvents)[number]>;
