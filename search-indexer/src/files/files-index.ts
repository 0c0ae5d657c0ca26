import {
  eventOf,
  FileLocked,
  FileMoved,
  FilePublished,
  FileRemoved,
  FileUploadExpired,
  FileRenamed,
  FileUnlocked,
  FileUploaded,
  FileVersionAdded,
  FolderCreated,
  FolderDeleted,
  FolderEdited,
  FolderMoved,
  MemberErased,
  rootFolderScope,
} from '@cn/contracts';
import type { PersonalDataCipher, SearchCollection, SearchDocument } from '@cn/platform';
import { findById, searchIndexDefinition, type Indexing } from '../core/search-feature';
import { allMatching } from '../core/search-text';

/** the network's files in `scope` (a group's files: the group's id) */
export const NETWORK_FILES_SCOPE = 'network';

/** A published file or a folder as the global search finds it. */
export interface FileSearchDocument extends SearchDocument {
  id: string;
  kind: 'file' | 'folder';
  name: string;
  /** personal data of its author, revealed; blank once the author is erased */
  description: string;
  /** 'network' or the group's id: who finds it is decided when searching (a group's files only its members) */
  scope: string;
  /** the folder that holds it (a root folder id at the top of a scope) */
  parent_id: string;
  /** the folders above it, outermost first (roots left out): a folder's delete or move reaches what is below it */
  ancestor_ids: string[];
  author_id: string;
  content_type: string;
  size: number;
  created_at: string;
  /** who holds the file's lock and until when (the hit's lock icon for everybody else while it holds) */
  locked_by: string | null;
  locked_until: string | null;
}

/** what an upload's bytes are, until the upload is published (never searched) */
export interface UploadSearchDocument extends SearchDocument {
  id: string;
  content_type: string;
  size: number;
}

export const FILES_INDEX_DEFINITION = searchIndexDefinition<FileSearchDocument>('files', {
  searchableAttributes: ['name', 'description'],
  filterableAttributes: ['id', 'kind', 'scope', 'ancestor_ids', 'author_id'],
  sortableAttributes: ['created_at', 'name', 'id'],
});
export const UPLOADS_INDEX_DEFINITION = searchIndexDefinition<UploadSearchDocument>('_file_uploads', { searchableAttributes: ['id'], filterableAttributes: ['id'] });

export type FilesIndex = SearchCollection<FileSearchDocument>;
export type UploadsIndex = SearchCollection<UploadSearchDocument>;

const definitions = [
  FolderCreated,
  FolderEdited,
  FolderMoved,
  FolderDeleted,
  FileUploaded,
  FilePublished,
  FileVersionAdded,
  FileMoved,
  FileRenamed,
  FileLocked,
  FileUnlocked,
  FileRemoved,
  FileUploadExpired,
  MemberErased,
] as const;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export const filesIndexing = (files: FilesIndex, uploads: UploadsIndex, cipher: PersonalDataCipher): Indexing => {
  /** the folders above whatever sits in `folderId`, that folder included (a root adds nothing) */
  const pathTo = async (folderId: string): Promise<string[]> => {
    if (rootFolderScope(folderId) !== null) return [];
    const folder = await findById(files, folderId);
    return folder ? [...folder.ancestor_ids, folder.id] : [folderId];
  };
  const below = async (folderId: string): Promise<FileSearchDocument[]> => {
    const found = await allMatching(files, { ancestor_ids: folderId });
    // the ids come from the index, the documents from the search side's own copies
    return (await Promise.all(found.map((doc) => findById(files, doc.id)))).flatMap((doc) => (doc ? [doc] : []));
  };
  const change = async (id: string, update: (doc: FileSearchDocument) => FileSearchDocument): Promise<void> => {
    const doc = await findById(files, id);
    if (doc) await files.upsert([update(doc)]);
  };
  return {
    eventTypes: definitions.map((definition) => definition.type),
    handle: async (recorded) => {
      const event = eventOf(definitions, recorded);
      if (event === null) return;
      const createdAt = recorded.metadata.occurredAt;
      switch (event.type) {
        case 'FolderCreated': {
          const data = await cipher.reveal(event.data);
          await files.upsert([
            {
              id: data.folder_id,
              kind: 'folder',
              name: data.name,
              description: text(data.description),
              scope: data.group_id ?? NETWORK_FILES_SCOPE,
              parent_id: data.parent_folder_id,
              ancestor_ids: await pathTo(data.parent_folder_id),
              author_id: data.author_id,
              content_type: '',
              size: 0,
              created_at: createdAt,
              locked_by: null,
              locked_until: null,
            },
          ]);
          return;
        }
        case 'FolderEdited': {
          const data = await cipher.reveal(event.data);
          await change(data.folder_id, (doc) => ({ ...doc, name: data.name, description: text(data.description) }));
          return;
        }
        case 'FolderMoved': {
          const folder = await findById(files, event.data.folder_id);
          if (!folder) return;
          const path = await pathTo(event.data.parent_folder_id);
          const moved = { ...folder, parent_id: event.data.parent_folder_id, ancestor_ids: path };
          const descendants = (await below(folder.id)).map((doc) => ({
            ...doc,
            ancestor_ids: [...path, folder.id, ...doc.ancestor_ids.slice(doc.ancestor_ids.indexOf(folder.id) + 1)],
          }));
          await files.upsert([moved, ...descendants]);
          return;
        }
        case 'FolderDeleted': {
          const descendants = await below(event.data.folder_id);
          await files.delete([event.data.folder_id, ...descendants.map((doc) => doc.id)]);
          return;
        }
        case 'FileUploaded':
          await uploads.upsert([{ id: event.data.file_id, content_type: event.data.content_type, size: event.data.size }]);
          return;
        case 'FilePublished': {
          const data = await cipher.reveal(event.data);
          const upload = await findById(uploads, data.file_id);
          await files.upsert([
            {
              id: data.file_id,
              kind: 'file',
              name: data.name,
              description: text(data.description),
              scope: data.group_id ?? NETWORK_FILES_SCOPE,
              parent_id: data.folder_id,
              ancestor_ids: await pathTo(data.folder_id),
              author_id: data.author_id,
              content_type: upload?.content_type ?? '',
              size: upload?.size ?? 0,
              created_at: createdAt,
              locked_by: null,
              locked_until: null,
            },
          ]);
          await uploads.delete([data.file_id]);
          return;
        }
        case 'FileVersionAdded':
          if (!event.data.pending) await change(event.data.file_id, (doc) => ({ ...doc, content_type: event.data.content_type, size: event.data.size }));
          return;
        case 'FileMoved': {
          const path = await pathTo(event.data.folder_id);
          await change(event.data.file_id, (doc) => ({ ...doc, parent_id: event.data.folder_id, ancestor_ids: path }));
          return;
        }
        case 'FileRenamed':
          await change(event.data.file_id, (doc) => ({ ...doc, name: event.data.name }));
          return;
        case 'FileLocked':
          await change(event.data.file_id, (doc) => ({ ...doc, locked_by: event.data.locked_by, locked_until: event.data.locked_until }));
          return;
        case 'FileUnlocked':
          await change(event.data.file_id, (doc) => ({ ...doc, locked_by: null, locked_until: null }));
          return;
        case 'FileRemoved':
        case 'FileUploadExpired':
          await files.delete([event.data.file_id]);
          await uploads.delete([event.data.file_id]);
          return;
        case 'MemberErased': {
          // descriptions are the author's personal data: blank once their key is gone (names stay, they are the folder's)
          const written = await allMatching(files, { author_id: event.data.member_id });
          const current = (await Promise.all(written.map((doc) => findById(files, doc.id)))).flatMap((doc) => (doc ? [{ ...doc, description: '' }] : []));
          if (current.length > 0) await files.upsert(current);
          return;
        }
      }
    },
  };
};

/** the link of a hit: the file's page or the folder's, under its group when it is a group's */
export const fileHitUrl = (doc: FileSearchDocument, groupSlug: string | null): string => {
  const base = groupSlug ? `/groups/${groupSlug}/files` : '/files';
  return doc.kind === 'file' ? `${base}/${doc.id}` : `${base}/folders/${doc.id}`;
};
