import {
  CSRF_HEADER,
  type ApprovalDto,
  type CommandAccepted,
  type DocumentAction,
  type ErrorResponse,
  type FileArchivesResponse,
  type FileDetailsDto,
  type FileRootsDto,
  type FileSettings,
  type FolderContentsDto,
  type NetworkResponse,
  type OpenReviewDto,
  profileProperties,
  type PropertyDefinition,
  type PropertySetResponse,
  type RequestFileArchiveRequest,
  type UnreadFoldersResponse,
  type UploadedFileAnswer,
} from '@cn/contracts';
import { ApiError, type ApiClient } from '../api/client';

const id = (value: string): string => encodeURIComponent(value);

/** An upload's answer or its refusal, with progress as the bytes leave (fetch reports no upload progress). */
const uploadWithProgress = (path: string, csrf: string, file: File, onProgress: (fraction: number) => void): Promise<UploadedFileAnswer> =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader(CSRF_HEADER, csrf);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError(0, { statusCode: 0, error: 'generic_error', errors: [] }));
    xhr.onload = () => {
      let body: unknown = undefined;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as UploadedFileAnswer);
      else {
        const error = typeof (body as ErrorResponse | undefined)?.error === 'string' ? (body as ErrorResponse) : { statusCode: xhr.status, error: xhr.status === 413 ? 'payload_too_large' : 'generic_error', errors: [] };
        reject(new ApiError(xhr.status, error));
      }
    };
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });

/** The files module's calls (messages-files-admin-members-groups.md §7). */
export const filesApi = (api: ApiClient) => {
  const csrf = async (): Promise<string> => (await api.request<NetworkResponse>('GET', '/api/v1/network')).csrf_token ?? '';
  return {
    folder: (folderId: string) => api.request<FolderContentsDto>('GET', `/api/storage/folders/${id(folderId)}`),
    /** the root folders the member may browse: the network's and their groups' */
    roots: () => api.request<FileRootsDto>('GET', '/api/storage/roots'),
    file: (fileId: string) => api.request<FileDetailsDto>('GET', `/api/storage/files/${id(fileId)}`),
    /** the file's own document actions (view, edit, review), each authorized or not */
    documentActions: (fileId: string) => api.request<{ actions: DocumentAction[] }>('GET', `/files/${id(fileId)}/docs/actions`),
    /** the office suite's actions (WOPI), each authorized one with the suite's address and a token; none without a suite */
    officeActions: (fileId: string) => api.request<{ actions: DocumentAction[] }>('GET', `/files/${id(fileId)}/wopi/actions`),
    approval: (context: { type: 'network' | 'group'; id: string }) =>
      api.request<ApprovalDto>('GET', '/api/storage/approval', { query: { context_type: context.type, context_id: context.id || undefined } }),
    /** the open-review tab: every scope's pending versions the member may approve, or one group's */
    openReview: (groupId: string | null) =>
      api.request<OpenReviewDto>('GET', '/api/storage/approval/open', { query: groupId ? { context_type: 'group', context_id: groupId } : {} }),
    settings: () => api.request<FileSettings>('GET', '/api/storage/settings'),
    /** the profile's properties for a scope (a group's own set, else its category's or the network's); none when no set exists */
    profileProperties: async (setName: string, groupId: string | null): Promise<PropertyDefinition[]> => {
      try {
        const set = await api.request<PropertySetResponse>('GET', `/api/v1/property_sets/${id(setName)}`, {
          query: groupId ? { context_type: 'group', context_id: groupId, inherit: 'true' } : { inherit: 'true' },
        });
        return profileProperties(set.properties);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return [];
        throw error;
      }
    },

    upload: async (file: File, onProgress: (fraction: number) => void) => uploadWithProgress('/api/storage/files', await csrf(), file, onProgress),
    uploadVersion: async (fileId: string, file: File, onProgress: (fraction: number) => void) =>
      uploadWithProgress(`/api/storage/files/${id(fileId)}/versions`, await csrf(), file, onProgress),
    publish: (request: { files: Array<{ id: string }>; folder_ids: string[]; description: string; post_to_stream?: boolean; file_profile?: Record<string, string> }) =>
      api.request<CommandAccepted & { file_ids: string[] }>('POST', '/api/storage/files/publish', { body: request }),
    changeProfile: (fileId: string, values: Record<string, string>, expectedRevision?: number) =>
      api.request<CommandAccepted>('PUT', `/api/storage/files/${id(fileId)}/profile`, { body: { file_profile: values, expected_revision: expectedRevision } }),
    removeFile: (fileId: string) => api.request<CommandAccepted>('DELETE', `/api/storage/files/${id(fileId)}`),
    moveFile: (fileId: string, targetFolderId: string, expectedRevision?: number) =>
      api.request<CommandAccepted>('PUT', `/api/storage/files/${id(fileId)}/move`, { body: { target_folder_id: targetFolderId, expected_revision: expectedRevision } }),
    lock: (fileId: string) => api.request<CommandAccepted>('PUT', `/api/storage/files/${id(fileId)}/lock`, { body: {} }),
    unlock: (fileId: string) => api.request<CommandAccepted>('DELETE', `/api/storage/files/${id(fileId)}/lock`),
    finalize: (fileId: string) => api.request<CommandAccepted>('POST', `/api/storage/files/${id(fileId)}/finalize`),
    approve: (fileId: string, versionId: string) => api.request<CommandAccepted>('POST', `/api/storage/files/${id(fileId)}/pending_versions/${id(versionId)}/approve`),
    decline: (fileId: string, versionId: string) => api.request<CommandAccepted>('DELETE', `/api/storage/files/${id(fileId)}/pending_versions/${id(versionId)}`),
    createFolder: (request: { name: string; parent_folder_id: string; description?: string; folder_profile?: Record<string, string> }) =>
      api.request<CommandAccepted & { id: string }>('POST', '/api/storage/folders', { body: request }),
    editFolder: (folderId: string, request: { name: string; description: string; expected_revision?: number; folder_profile?: Record<string, string> }) =>
      api.request<CommandAccepted>('PUT', `/api/storage/folders/${id(folderId)}`, { body: request }),
    removeFolder: (folderId: string) => api.request<CommandAccepted>('DELETE', `/api/storage/folders/${id(folderId)}`),
    moveFolder: (folderId: string, targetFolderId: string, expectedRevision?: number) =>
      api.request<CommandAccepted>('PUT', `/api/storage/folders/${id(folderId)}/move`, { body: { target_folder_id: targetFolderId, expected_revision: expectedRevision } }),
    batchMove: (request: { file_ids: string[]; folder_ids: string[]; target_folder_id: string; source_folder_id?: string }) =>
      api.request<CommandAccepted>('POST', '/api/storage/files/move', { body: request }),
    batchDelete: (request: { file_ids: string[]; folder_ids: string[]; source_folder_id?: string }) => api.request<CommandAccepted>('DELETE', '/api/storage/files', { body: request }),
    trackView: (fileId: string) => api.request<CommandAccepted>('POST', `/api/storage/files/${id(fileId)}/track_view`),
    markFolderRead: (folderId: string) => api.request<CommandAccepted>('POST', `/api/storage/folders/${id(folderId)}/read`),
    unreadFolders: () => api.request<UnreadFoldersResponse>('GET', '/api/v1/unreads/folders'),
    fileToken: (request: { file_ids: string[]; folder_ids: string[]; current_folder_id?: string }) => api.request<{ token: string }>('POST', '/api/v1/file_token', { body: request }),
    requestArchive: (request: RequestFileArchiveRequest) => api.request<CommandAccepted & { id: string }>('POST', '/api/storage/archives', { body: request }),
    archives: () => api.request<FileArchivesResponse>('GET', '/api/storage/archives'),
    deleteArchive: (archiveId: string) => api.request<CommandAccepted>('DELETE', `/api/storage/archives/${id(archiveId)}`),
  };
};
export type FilesApi = ReturnType<typeof filesApi>;
