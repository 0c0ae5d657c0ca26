import {
  eventOf,
  FileLocked,
  FileMoved,
  FilePublished,
  FileRemoved,
  FileRestored,
  FileUploadExpired,
  FileRenamed,
  FileUnlocked,
  FileUploaded,
  FileVersionAdded,
  FolderCreated,
  FolderDeleted,
  FolderEdited,
  FolderMoved,
  FolderRestored,
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

/**
 * What a removal took out of the search (a removed file, or a deleted folder with everything below it), kept
 * aside for the batch compensation's `FileRestored`/`FolderRestored`, which put it back as it was.
 */
export interface RemovedSearchDocument extends SearchDocument {
  id: string;
  /** the file or folder whose removal took it (what its restore names) */
  removed_with: string;
  /** its author, so that erasing them blanks the description kept here too ('' for an upload) */
  author_id: string;
  document: FileSearchDocument | null;
  upload: UploadSearchDocument | null;
}

export const FILES_INDEX_DEFINITION = searchIndexDefinition<FileSearchDocument>('files', {
  searchableAttributes: ['name', 'description'],
  filterableAttributes: ['id', 'kind', 'scope', 'ancestor_ids', 'author_id'],
  sortableAttributes: ['created_at', 'name', 'id'],
});
export const UPLOADS_INDEX_DEFINITION = searchIndexDefinition<UploadSearchDocument>('_file_uploads', { searchableAttributes: ['id'], filterableAttributes: ['id'] });

export const REMOVED_FILES_INDEX_DEFINITION = searchIndexDefinition<RemovedSearchDocument>('_files_removed', { searchableAttributes: ['id'], filterableAttributes: ['id', 'removed_with', 'author_id'] });

export type FilesIndex = SearchCollection<FileSearchDocument>;
export type UploadsIndex = SearchCollection<UploadSearchDocument>;
export type RemovedFilesIndex = SearchCollection<RemovedSearchDocument>;

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
  FileRestored,
  FolderRestored,
  FileUploadExpired,
  MemberErased,
] as const;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export const filesIndexing = (files: FilesIndex, uploads: UploadsIndex, removed: RemovedFilesIndex, cipher: PersonalDataCipher): Indexing => {
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
  /** takes documents out of the search, keeping them aside until a restore of `removedWith` (or for good) */
  const putAside = async (removedWith: string, taken: Array<{ document: FileSearchDocument | null; upload: UploadSearchDocument | null }>): Promise<void> => {
    const kept = taken.flatMap(({ document, upload }) => {
      const id = document?.id ?? upload?.id;
      return id === undefined ? [] : [{ id, removed_with: removedWith, author_id: document?.author_id ?? '', document, upload }];
    });
    if (kept.length > 0) await removed.upsert(kept);
    await files.delete(kept.flatMap((doc) => (doc.document ? [doc.id] : [])));
    await uploads.delete(kept.flatMap((doc) => (doc.upload ? [doc.id] : [])));
  };
  const restore = async (removedWith: string): Promise<void> => {
    const kept = await allMatching(removed, { removed_with: removedWith });
    const current = (await Promise.all(kept.map((doc) => findById(removed, doc.id)))).flatMap((doc) => (doc ? [doc] : []));
    await files.upsert(current.flatMap((doc) => (doc.document ? [doc.document] : [])));
    await uploads.upsert(current.flatMap((doc) => (doc.upload ? [doc.upload] : [])));
    await removed.delete(current.map((doc) => doc.id));
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
          const folder = await findById(files, event.data.folder_id);
          const descendants = await below(event.data.folder_id);
          await putAside(
            event.data.folder_id,
            [...(folder ? [folder] : []), ...descendants].map((document) => ({ document, upload: null })),
          );
          return;
        }
        case 'FolderRestored':
          await restore(event.data.folder_id);
          return;
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
          await putAside(event.data.file_id, [{ document: await findById(files, event.data.file_id), upload: await findById(uploads, event.data.file_id) }]);
          return;
        case 'FileRestored':
          await restore(event.data.file_id);
          return;
        case 'FileUploadExpired':
          // never restored: nothing is kept aside
          await files.delete([event.data.file_id]);
          await uploads.delete([event.data.file_id]);
          await removed.delete([event.data.file_id]);
          return;
        case 'MemberErased': {
          // descriptions are the author's personal data: blank once their key is gone (names stay, they are the folder's)
          const written = await allMatching(files, { author_id: event.data.member_id });
          const current = (await Promise.all(written.map((doc) => findById(files, doc.id)))).flatMap((doc) => (doc ? [{ ...doc, description: '' }] : []));
          if (current.length > 0) await files.upsert(current);
          const kept = await allMatching(removed, { author_id: event.data.member_id });
          const blanked = (await Promise.all(kept.map((doc) => findById(removed, doc.id)))).flatMap((doc) =>
            doc?.document ? [{ ...doc, document: { ...doc.document, description: '' } }] : [],
          );
          if (blanked.length > 0) await removed.upsert(blanked);
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
