import type { FileItemDto, FolderContentsDto, FolderItemDto } from '@cn/contracts';

const folderCan = { destroy: true, update: true, create_subfolders: true, add_files: true };

/** a folder of the network's root, with one file and every right, as a folder list answers it */
export const aFolder = (id: string, name: string, overrides: Partial<FolderItemDto> = {}): FolderItemDto => ({
  id,
  type: 'folder',
  name,
  description: '',
  parent_folder_id: 'root',
  namespace: 'network',
  group_id: null,
  total_files_count: 1,
  total_subfolders_count: 0,
  revision: 0,
  unread: false,
  folder_profile: null,
  can: folderCan,
  ...overrides,
});

/** the network's root folder as `GET /api/storage/folders/root` answers it, holding these folders and files */
export const rootContents = (overrides: Partial<FolderItemDto>, folders: FolderItemDto[], files: FileItemDto[]): FolderContentsDto => ({
  folder: { ...aFolder('root', '', { type: 'root_folder', parent_folder_id: null }), ...overrides },
  breadcrumbs: [{ id: 'root', name: '' }],
  folders,
  files,
});
