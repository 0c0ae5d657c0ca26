import { FILE_ARCHIVES_COLLECTION, FILES_COLLECTION, GROUP_CATEGORIES_COLLECTION, GROUPS_COLLECTION } from '@cn/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCommand } from '../api/useCommand';
import { baseName } from '../realtime/changes';
import type { LiveRoute } from '../realtime/LiveQueries';
import { useSession } from '../session/SessionContext';
import { unreadsKeys } from '../unreads/unreads-queries';
import { filesApi } from './files-api';

export const filesKeys = {
  all: ['files'] as const,
  folder: (folderId: string) => [...filesKeys.all, 'folder', folderId] as const,
  roots: () => [...filesKeys.all, 'roots'] as const,
  file: (fileId: string) => [...filesKeys.all, 'file', fileId] as const,
  actions: (fileId: string) => [...filesKeys.all, 'actions', fileId] as const,
  officeActions: (fileId: string) => [...filesKeys.all, 'office-actions', fileId] as const,
  approval: (type: string, id: string) => [...filesKeys.all, 'approval', type, id] as const,
  openReview: (groupId: string | null) => [...filesKeys.all, 'open-review', groupId ?? ''] as const,
  settings: () => [...filesKeys.all, 'settings'] as const,
  archives: () => [...filesKeys.all, 'archives'] as const,
  unreadFolders: () => [...filesKeys.all, 'unread-folders'] as const,
};

export const useFilesApi = () => filesApi(useSession().api);

export const useFolder = (folderId: string) => {
  const api = useFilesApi();
  return useQuery({ queryKey: filesKeys.folder(folderId), queryFn: () => api.folder(folderId) });
};
/** the root folders the member may browse (the network's, their groups'): under `files`, so live */
/** per folder, how many files are new to the member (GET /api/v1/unreads/folders; under `files`, so live) */
export const useUnreadFolderCounts = (): ReadonlyMap<string, number> => {
  const api = useFilesApi();
  const unread = useQuery({ queryKey: filesKeys.unreadFolders(), queryFn: () => api.unreadFolders() });
  return new Map((unread.data?.folders ?? []).map((folder) => [folder.id, folder.count]));
};
export const useFileRoots = (enabled = true) => {
  const api = useFilesApi();
  return useQuery({ queryKey: filesKeys.roots(), queryFn: () => api.roots(), enabled });
};
export const useFile = (fileId: string) => {
  const api = useFilesApi();
  return useQuery({ queryKey: filesKeys.file(fileId), queryFn: () => api.file(fileId) });
};
/** under `files`: a lock, unlock or new version (live) refreshes them with the file */
export const useDocumentActions = (fileId: string) => {
  const api = useFilesApi();
  return useQuery({ queryKey: filesKeys.actions(fileId), queryFn: () => api.documentActions(fileId) });
};
/** under `files` too: a lock or a new version changes what the suite may do; a suite that cannot be reached offers nothing */
export const useOfficeActions = (fileId: string) => {
  const api = useFilesApi();
  return useQuery({ queryKey: filesKeys.officeActions(fileId), queryFn: () => api.officeActions(fileId), retry: false });
};
export const useApproval = (context: { type: 'network' | 'group'; id: string }, enabled = true) => {
  const api = useFilesApi();
  return useQuery({ queryKey: filesKeys.approval(context.type, context.id), queryFn: () => api.approval(context), enabled });
};

/** the open-review tab's list: under `files`, so every pushed files change reads it again */
export const useOpenReview = (groupId: string | null, enabled = true) => {
  const api = useFilesApi();
  return useQuery({ queryKey: filesKeys.openReview(groupId), queryFn: () => api.openReview(groupId), enabled });
};

/** A command of the files module: the module's queries read again once it is accepted. */
export const useFilesCommand = <TVariables, TResult>(run: (api: ReturnType<typeof filesApi>, variables: TVariables) => Promise<TResult>) => {
  const api = useFilesApi();
  return useCommand<TVariables, TResult>((variables) => run(api, variables), [filesKeys.all]);
};

/**
 * A pushed folder or file change (or a folder the member opened) reads the open files pages again, and
 * the unread folders badge (the message carries no content). A group's or a category's change (a member
 * joins or leaves, is made an admin, is named a category's administrator or removed) reads the open files
 * pages again too: their `can` flags and the roots follow those rights.
 */
export const filesLive: LiveRoute = (message, client) => {
  const collection = baseName(message.collection);
  if (collection === GROUPS_COLLECTION || collection === GROUP_CATEGORIES_COLLECTION) {
    void client.invalidateQueries({ queryKey: filesKeys.all });
    return;
  }
  if (collection !== FILES_COLLECTION) return;
  void client.invalidateQueries({ queryKey: filesKeys.all });
  void client.invalidateQueries({ queryKey: unreadsKeys.all });
};

/** the member's archive exports (their states and progress) */
export const useFileArchives = () => {
  const api = useFilesApi();
  return useQuery({ queryKey: filesKeys.archives(), queryFn: () => api.archives() });
};

/** an archive export asked for, progressing or ended (pushed to its member alone): the exports are read again */
export const fileArchivesLive: LiveRoute = (message, client) => {
  if (baseName(message.collection) !== FILE_ARCHIVES_COLLECTION) return;
  void client.invalidateQueries({ queryKey: filesKeys.archives() });
};
