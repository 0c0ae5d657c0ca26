import { eventOf, fileEvents, fileSettingsEvents as fileSettingsEventDefinitions, fileViewEvents, folderEvents, folderReadEvents, type FileSettings, type FileState } from '@cn/contracts';
import type { ProjectedDocument, Projection } from '@cn/domain';

/** personal data arrives revealed; an erased author's is blanked */
const plain = (value: unknown): string => (typeof value === 'string' ? value : '');

export interface FolderDocument extends ProjectedDocument {
  scope_type: 'network' | 'group';
  group_id: string | null;
  parent_folder_id: string;
  name: string;
  description: string;
  author_id: string;
  deleted: boolean;
  /** its profile values (file-profiles.ts; absent in documents of version 1) */
  profile: Record<string, string>;
  /** the folder stream's revision (expected_revision of an edit) */
  revision: number;
  created_at: string;
  updated_at: string;
}

export const fileFoldersProjection: Projection<FolderDocument> = {
  name: 'file_folders',
  // 2: profile (folder profiles)
  version: 2,
  eventTypes: folderEvents.map((definition) => definition.type),
  documentIds: (event) => [(event.data as { folder_id: string }).folder_id],
  indexes: [['scope_type', 'group_id'], ['parent_folder_id']],
  evolve: (doc, recorded, id) => {
    const event = eventOf(folderEvents, recorded);
    if (!event) return doc;
    const at = recorded.metadata.occurredAt;
    if (event.type === 'FolderCreated') {
      const { scope_type, group_id, parent_folder_id, name, description, author_id } = event.data;
      return { _id: id, scope_type, group_id, parent_folder_id, name, description: plain(description), author_id, deleted: false, profile: event.data.profile ?? {}, revision: recorded.revision, created_at: at, updated_at: at };
    }
    if (!doc) return null;
    const touched = { ...doc, revision: recorded.revision, updated_at: at };
    switch (event.type) {
      case 'FolderEdited':
        return { ...touched, name: event.data.name, description: plain(event.data.description), profile: event.data.profile ?? doc.profile };
      case 'FolderMoved':
        return { ...touched, parent_folder_id: event.data.parent_folder_id };
      case 'FolderDeleted':
        return { ...touched, deleted: true };
      case 'FolderRestored':
        return { ...touched, deleted: false };
      default:
        return doc;
    }
  },
};

export interface FileVersionEntry {
  version_id: string;
  /** null while pending or declined */
  major: number | null;
  pending: boolean;
  declined: boolean;
  blob_key: string;
  /** the member whose key seals the bytes (a private upload); null or absent for plain bytes */
  sealed_for?: string | null;
  size: number;
  content_type: string;
  original_filename: string;
  extension: string;
  author_id: string;
  description: string;
  created_at: string;
  /** an image version's sizes (FileImageResized; absent until made, and on images that do not decode) */
  sizes?: FileImageSizeEntries;
  /** the member whose key seals those sizes (a private upload's), absent for plain sizes */
  sizes_sealed_for?: string;
}

/** a version with the sizes an event recorded (sealed or plain: plain sizes of a published upload replace its sealed ones) */
const withSizes = ({ sizes_sealed_for: _sealed, ...version }: FileVersionEntry, data: { sizes: FileImageSizeEntries; sealed_for?: string }): FileVersionEntry => ({
  ...version,
  sizes: data.sizes,
  ...(data.sealed_for ? { sizes_sealed_for: data.sealed_for } : {}),
});

/** the stored sizes of an image version, by the resizer's names (FILE_IMAGE_SIZES maps a URL's `size` to them) */
export type FileImageSizeEntries = Record<'small' | 'large' | 'lightbox', { blob_key: string; content_type: string; size: number }>;

export interface FileDocument extends ProjectedDocument {
  state: FileState;
  uploader_id: string;
  author_id: string;
  scope_type: 'network' | 'group' | null;
  group_id: string | null;
  folder_id: string | null;
  name: string;
  description: string;
  versions: FileVersionEntry[];
  locked_by: string | null;
  locked_until: string | null;
  /** its profile values (file-profiles.ts) */
  profile: Record<string, string>;
  /** when it was finalized (FileFinalized), null while it is not (absent in documents before version 4) */
  finalized_at?: string | null;
  revision: number;
  created_at: string;
  updated_at: string;
  /** the position at which the file last became new in its folder (published, moved in, a new version) */
  new_position: number;
  /** who made it new (it is not new to them) */
  new_by: string;
  /** how many members viewed it (FileViewed, each member once; absent in documents before version 5) */
  view_count?: number;
}

/** the version members download: the highest approved major */
export const currentVersionOf = (doc: FileDocument): FileVersionEntry | null =>
  doc.versions.filter((version) => version.major !== null).sort((a, b) => (b.major ?? 0) - (a.major ?? 0))[0] ?? null;

export const filesProjection: Projection<FileDocument> = {
  name: 'files',
  // 2: new_position, new_by (unread folders); 3: profile (file profiles); 4: finalized_at (finalized files); 5: view_count
  version: 5,
  eventTypes: [...fileEvents, ...fileViewEvents].map((definition) => definition.type),
  documentIds: (event) => [(event.data as { file_id: string }).file_id],
  indexes: [['folder_id'], ['uploader_id'], ['scope_type', 'group_id']],
  evolve: (doc, recorded, id) => {
    const view = eventOf(fileViewEvents, recorded);
    // a view comes from the file's views stream: it is no change of the file (neither its revision nor its
    // time); a count, so an event the document already has is not counted again
    if (view) return doc && doc._position < recorded.position ? { ...doc, view_count: (doc.view_count ?? 0) + 1 } : doc;
    const event = eventOf(fileEvents, recorded);
    if (!event) return doc;
    const at = recorded.metadata.occurredAt;
    if (event.type === 'FileUploaded') {
      const { uploader_id, version_id, blob_key, size, content_type, original_filename, extension, sealed_for } = event.data;
      return {
        _id: id,
        state: 'volatile',
        uploader_id,
        author_id: uploader_id,
        scope_type: null,
        group_id: null,
        folder_id: null,
        name: original_filename,
        description: '',
        versions: [
          { version_id, major: null, pending: false, declined: false, blob_key, sealed_for: sealed_for ?? null, size, content_type, original_filename, extension, author_id: uploader_id, description: '', created_at: at },
        ],
        locked_by: null,
        locked_until: null,
        profile: {},
        finalized_at: null,
        revision: recorded.revision,
        created_at: at,
        updated_at: at,
        new_position: recorded.position,
        new_by: uploader_id,
        view_count: 0,
      };
    }
    if (!doc) return null;
    const touched = { ...doc, revision: recorded.revision, updated_at: at };
    const renewed = (by: string) => ({ ...touched, new_position: recorded.position, new_by: by });
    switch (event.type) {
      case 'FilePublished':
        return {
          ...renewed(event.data.author_id),
          state: 'published',
          scope_type: event.data.scope_type,
          group_id: event.data.group_id,
          folder_id: event.data.folder_id,
          name: event.data.name,
          description: plain(event.data.description),
          author_id: event.data.author_id,
          profile: event.data.profile ?? {},
          // a sealed upload's bytes were stored again plain for the scope
          versions: doc.versions.map((version, index) =>
            index === 0
              ? { ...version, major: 1, description: plain(event.data.description), ...(event.data.blob_key ? { blob_key: event.data.blob_key, sealed_for: null } : {}) }
              : version,
          ),
        };
      case 'FileVersionAdded': {
        const { version_id, blob_key, size, content_type, original_filename, extension, author_id, description, pending, major } = event.data;
        return {
          ...(pending ? touched : renewed(author_id)),
          versions: [...doc.versions, { version_id, major, pending, declined: false, blob_key, size, content_type, original_filename, extension, author_id, description: plain(description), created_at: at }],
        };
      }
      case 'FileVersionApproved':
        return { ...renewed(event.data.approver_id), versions: doc.versions.map((version) => (version.version_id === event.data.version_id ? { ...version, pending: false, major: event.data.major } : version)) };
      case 'FileVersionDeclined':
        return { ...touched, versions: doc.versions.map((version) => (version.version_id === event.data.version_id ? { ...version, pending: false, declined: true } : version)) };
      case 'FileMoved':
        return { ...renewed(recorded.metadata.memberId ?? doc.new_by), folder_id: event.data.folder_id };
      case 'FileRenamed':
        return { ...touched, name: event.data.name };
      case 'FileProfileChanged':
        return { ...touched, profile: event.data.profile };
      case 'FileFinalized':
        return { ...touched, finalized_at: event.data.finalized_at };
      case 'FileLocked':
        return { ...touched, locked_by: event.data.locked_by, locked_until: event.data.locked_until };
      case 'FileUnlocked':
        return { ...touched, locked_by: null, locked_until: null };
      case 'FileRemoved':
      case 'FileUploadExpired':
        return { ...touched, state: 'removed' };
      case 'FileRestored':
        return { ...touched, state: doc.folder_id !== null ? 'published' : 'volatile' };
      case 'FileImageResized':
        return { ...touched, versions: doc.versions.map((version) => (version.version_id === event.data.version_id ? withSizes(version, event.data) : version)) };
      default:
        return doc;
    }
  },
};

export interface FileSettingsDocument extends ProjectedDocument, FileSettings {}

/** the network's files settings (one document, id `settings`) */
export const fileSettingsProjection: Projection<FileSettingsDocument> = {
  name: 'file_settings',
  // 2: profiles_enabled
  version: 2,
  eventTypes: ['FileSettingsChanged'],
  documentIds: () => ['settings'],
  evolve: (_doc, recorded, id) => {
    const event = eventOf(fileSettingsEventDefinitions, recorded);
    return event ? { _id: id, extension_filter: event.data.extension_filter, lock_period_days: event.data.lock_period_days, profiles_enabled: event.data.profiles_enabled ?? false } : _doc;
  },
};

/** a member's mark of a folder they opened: files new before `read_position` are not new to them */
export interface FolderReadDocument extends ProjectedDocument {
  member_id: string;
  folder_id: string;
  read_position: number;
}

export const folderReadId = (memberId: string, folderId: string): string => `${memberId}:${folderId}`;

export const folderReadsProjection: Projection<FolderReadDocument> = {
  name: 'folder_reads',
  version: 1,
  eventTypes: folderReadEvents.map((definition) => definition.type),
  documentIds: (event) => {
    const { member_id, folder_id } = event.data as { member_id: string; folder_id: string };
    return [folderReadId(member_id, folder_id)];
  },
  indexes: [['member_id']],
  evolve: (_doc, recorded, id) => {
    const event = eventOf(folderReadEvents, recorded);
    return event ? { _id: id, member_id: event.data.member_id, folder_id: event.data.folder_id, read_position: recorded.position } : _doc;
  },
};
