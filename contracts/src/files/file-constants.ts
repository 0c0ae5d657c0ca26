/** Files and folders (issue 13; messages-files-admin-members-groups.md: files screens, §4, §6, §7). */

/** the network's root folder; a group's root folder is groupRootFolderId(groupId) */
export const NETWORK_ROOT_FOLDER_ID = 'root';
const GROUP_ROOT_PREFIX = 'root-';
export const groupRootFolderId = (groupId: string): string => `${GROUP_ROOT_PREFIX}${groupId}`;

export type FileScope = { type: 'network'; group_id: null } | { type: 'group'; group_id: string };

/** the scope a root folder id names, or null when the id is no root */
export const rootFolderScope = (folderId: string): FileScope | null => {
  if (folderId === NETWORK_ROOT_FOLDER_ID) return { type: 'network', group_id: null };
  if (folderId.startsWith(GROUP_ROOT_PREFIX) && folderId.length > GROUP_ROOT_PREFIX.length) return { type: 'group', group_id: folderId.slice(GROUP_ROOT_PREFIX.length) };
  return null;
};
export const rootFolderIdOf = (scope: FileScope): string => (scope.type === 'network' ? NETWORK_ROOT_FOLDER_ID : groupRootFolderId(scope.group_id));

/**
 * A scope's activity-stream folder (the spec's `activitystream_folder`): where the files posted in the scope's
 * stream live, beside the root's own folders like Nextcloud's special folders. Virtual like a root (no events):
 * `activitystream` for the network, `activitystream-{groupId}` for a group; its parent is the scope's root.
 * Nothing moves in or out and it holds no subfolders; its files are renamed and deleted as anywhere else.
 */
export const NETWORK_ACTIVITY_STREAM_FOLDER_ID = 'activitystream';
const GROUP_ACTIVITY_STREAM_PREFIX = 'activitystream-';
export const activityStreamFolderIdOf = (scope: FileScope): string =>
  scope.type === 'network' ? NETWORK_ACTIVITY_STREAM_FOLDER_ID : `${GROUP_ACTIVITY_STREAM_PREFIX}${scope.group_id}`;
/** the scope whose activity-stream folder the id names, or null */
export const activityStreamFolderScope = (folderId: string): FileScope | null => {
  if (folderId === NETWORK_ACTIVITY_STREAM_FOLDER_ID) return { type: 'network', group_id: null };
  if (folderId.startsWith(GROUP_ACTIVITY_STREAM_PREFIX) && folderId.length > GROUP_ACTIVITY_STREAM_PREFIX.length)
    return { type: 'group', group_id: folderId.slice(GROUP_ACTIVITY_STREAM_PREFIX.length) };
  return null;
};
export const isActivityStreamFolderId = (folderId: string | null | undefined): boolean => !!folderId && activityStreamFolderScope(folderId) !== null;

export const folderStream = (folderId: string): string => `filefolder-${folderId}`;
export const fileStream = (fileId: string): string => `file-${fileId}`;
/** a member's marks of the folders they opened (unread folders) */
export const folderReadsStream = (memberId: string): string => `folderreads-${memberId}`;
/**
 * the members who viewed a file (its view count); no dash in the prefix, so its stream category is its
 * own and not the file's (`file`)
 */
export const fileViewsStream = (fileId: string): string => `fileviews-${fileId}`;
export const fileSettingsStream = (networkId: string): string => `filesettings-${networkId}`;

export const FILE_NAME_MAX_LENGTH = 255;
export const FOLDER_NAME_MAX_LENGTH = 120;
export const FILE_DESCRIPTION_MAX_LENGTH = 2_000;
/** names longer than this are shown as their first and last 35 characters */
export const FILE_NAME_DISPLAY_LENGTH = 71;
export const FILE_NAME_DISPLAY_PART = 35;
export const DEFAULT_LOCK_PERIOD_DAYS = 7;
export const MAX_LOCK_PERIOD_DAYS = 365;
/** default largest upload (FILES_MAX_UPLOAD_MB overrides it) */
export const DEFAULT_MAX_UPLOAD_MB = 100;
/** the largest upload in bytes from the environment (FILES_MAX_UPLOAD_MB, default 100): the upload's limit and what discover tells */
export const maxUploadBytesOf = (env: Readonly<Record<string, string | undefined>>): number => {
  const raw = Number(env['FILES_MAX_UPLOAD_MB'] ?? DEFAULT_MAX_UPLOAD_MB);
  return Math.round((Number.isFinite(raw) && raw > 0 ? raw : DEFAULT_MAX_UPLOAD_MB) * 1024 * 1024);
};
/** a batch move or delete names at most this many files and folders */
export const MAX_ARCHIVE_ITEMS = 500;
/**
 * a batch download names at most this many files and this many folders: their ids travel in the archive
 * token of a GET, and 2 × 100 ids keep its request line well within the server's 16 KB
 */
export const MAX_ARCHIVE_REQUEST_ITEMS = 100;
/** an archive token is good for this long */
export const ARCHIVE_TOKEN_TTL_MS = 5 * 60_000;
/** bytes no event names are collected after this long (an upload in flight stores before it appends) */
export const ORPHAN_GRACE_MS = 60 * 60_000;

/**
 * The sizes a file image is served at (§9: preview 200x200, thumbnails 435x435, lightbox 1920x1200), named
 * by a download's `?size=`, and the stored size each is (the profile images' resizer makes them). The stored
 * names (`small`, `large`: those of `FileImageResized` and of members' images) name them too.
 */
export const FILE_IMAGE_SIZES = { preview: 'small', thumb: 'large', lightbox: 'lightbox', small: 'small', large: 'large' } as const;
export type FileImageSize = keyof typeof FILE_IMAGE_SIZES;
export const FILE_IMAGE_SIZE_NAMES = Object.keys(FILE_IMAGE_SIZES) as FileImageSize[];
/** images larger than this are not resized (their sizes are the upload itself): decoding reads them whole */
export const FILE_IMAGE_RESIZE_MAX_BYTES = 25 * 1024 * 1024;
/** a URL of a file's bytes at one size (the URL carries a query already: `?_=v{major}`, or not) */
export const sizedFileUrl = (url: string, size: FileImageSize): string => `${url}${url.includes('?') ? '&' : '?'}size=${size}`;

/** an upload still volatile this long after it was stored expires (FILES_UPLOAD_EXPIRY_HOURS overrides it) */
export const DEFAULT_UPLOAD_EXPIRY_HOURS = 24;

export const FILES_COLLECTION = 'files';
export const FILES_TOPIC = 'files';

export const FILE_STATES = ['volatile', 'published', 'removed'] as const;
export type FileState = (typeof FILE_STATES)[number];

/** what a network admin sets for uploads into the files area (spec: the files extension filter) */
export interface FileSettings {
  extension_filter: { enabled: boolean; type: 'allow' | 'deny'; list: string[] };
  lock_period_days: number;
  /** file and folder profiles (file-profiles.ts) offered and shown */
  profiles_enabled: boolean;
}
export const DEFAULT_FILE_SETTINGS: FileSettings = {
  extension_filter: { enabled: false, type: 'deny', list: [] },
  lock_period_days: DEFAULT_LOCK_PERIOD_DAYS,
  profiles_enabled: false,
};

/** the lowercase extension of a file name, without the dot ('' when it has none) */
export const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
};

/** whether the filter lets a file of this name into the files area */
export const extensionAccepted = (settings: FileSettings, name: string): boolean => {
  const filter = settings.extension_filter;
  if (!filter.enabled) return true;
  const listed = filter.list.map((entry) => entry.toLowerCase()).includes(extensionOf(name));
  return filter.type === 'allow' ? listed : !listed;
};

/**
 * A name as it may be stored: no path (whatever precedes the last / or \ is dropped, so `../../x` is
 * `x`), no control characters, no leading dots or spaces; empty names become `file`.
 */
export const sanitizeFileName = (raw: string): string => {
  const base = raw.split(/[\\/]/).pop() ?? '';
  const cleaned = Array.from(base.normalize('NFC'))
    .filter((char) => char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) !== 0x7f)
    .join('')
    .replace(/^[.\s]+/, '')
    .trim()
    .slice(0, FILE_NAME_MAX_LENGTH);
  return cleaned === '' ? 'file' : cleaned;
};

/** a name truncated for display: 71 characters at most, the first 35 and the last 35 around an ellipsis */
export const truncateFileName = (name: string): string => {
  const chars = Array.from(name);
  if (chars.length <= FILE_NAME_DISPLAY_LENGTH) return name;
  return `${chars.slice(0, FILE_NAME_DISPLAY_PART).join('')}…${chars.slice(-FILE_NAME_DISPLAY_PART).join('')}`;
};

const UNITS = ['B', 'kB', 'MB', 'GB', 'TB'] as const;
/** a size in B, kB, MB, GB or TB, base 1024 */
export const formatFileSize = (bytes: number): string => {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(value < 10 ? 1 : 0)} ${UNITS[unit]}`;
};
