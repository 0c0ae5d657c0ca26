import {
  activeLock,
  isActivityStreamFolderId,
  extensionAccepted,
  WOPI_LOCK_PERIOD_MS,
  fileAbilities,
  type EncryptedEnvelope,
  type FileCan,
  type FileEvent,
  type FileScope,
  type FileSettings,
} from '@cn/contracts';
import { DomainError, DomainValidationError, type Decider } from '@cn/domain';
import { decideProfile, type ProfileInput } from './file-profile';
import { requireTarget, sameScope, type FilesContext, type FolderRef } from './folder.decider';

export interface FileVersionState {
  version_id: string;
  /** null while pending */
  major: number | null;
  pending: boolean;
  declined: boolean;
  author_id: string;
  blob_key: string;
  /** the content type the upload sniffed (images get sizes) and its length in bytes */
  content_type: string;
  bytes: number;
  /** the keys of an image version's recorded sizes ([] while it has none) */
  size_keys: string[];
  /** whether those sizes are sealed (a private upload's): once the version is published plain, plain sizes replace them */
  sizes_sealed: boolean;
  /** the member whose key seals the bytes (a private upload), null for bytes stored plain */
  sealed_for: string | null;
}

/** an image version wants sizes while it has none, or has only sealed ones and its bytes are plain now (published) */
export const needsSizes = (version: Pick<FileVersionState, 'size_keys' | 'sizes_sealed' | 'sealed_for'>): boolean =>
  version.size_keys.length === 0 || (version.sizes_sealed && version.sealed_for === null);

export interface FileState {
  state: 'none' | 'volatile' | 'published' | 'removed';
  file_id: string;
  uploader_id: string;
  author_id: string;
  scope: FileScope | null;
  folder_id: string;
  name: string;
  original_filename: string;
  versions: FileVersionState[];
  locked_by: string | null;
  locked_until: string | null;
  /** the office suite's lock id while the lock is its (WOPI), null for a member's own lock or none */
  wopi_lock: string | null;
  /** its profile values (file-profiles.ts) */
  profile: Record<string, string>;
  /** when it was finalized, null while it is not */
  finalized_at: string | null;
}

export const initialFileState = (): FileState => ({
  state: 'none',
  file_id: '',
  uploader_id: '',
  author_id: '',
  scope: null,
  folder_id: '',
  name: '',
  original_filename: '',
  versions: [],
  locked_by: null,
  locked_until: null,
  wopi_lock: null,
  profile: {},
  finalized_at: null,
});

/** bytes as the file storage keeps them, and what the upload sniffed */
export interface UploadedBlob {
  version_id: string;
  blob_key: string;
  size: number;
  content_type: string;
  original_filename: string;
  extension: string;
}

/** an upload's bytes as stored: sealed for the uploader (a private blob) */
export type UploadedPrivateBlob = UploadedBlob & { sealed_for: string };

type Description = string | EncryptedEnvelope;
type Timed = { context: FilesContext; now: string };

export type FileCommand =
  | { type: 'UploadFile'; file_id: string; blob: UploadedPrivateBlob; uploader_id: string }
  | ({ type: 'DiscardUpload' } & Timed)
  /** `unsealed_blob_key`: a sealed upload's bytes stored again plain for the scope (required for a sealed upload) */
  | ({ type: 'PublishFile'; folder: FolderRef; name: string; description: Description; settings: FileSettings; unsealed_blob_key?: string; profile?: ProfileInput } & Timed)
  | ({ type: 'ChangeFileProfile'; profile: ProfileInput } & Timed)
  /** `wopi_lock`: an office suite's save (WOPI PutFile) and the lock id it names (null: none) */
  | ({ type: 'AddVersion'; blob: UploadedBlob; description: Description; settings: FileSettings; wopi_lock?: string | null } & Timed)
  /** WOPI Lock (with `old_lock`: UnlockAndRelock), RefreshLock and Unlock, the suite naming its lock id */
  | ({ type: 'WopiLock'; lock: string; old_lock?: string } & Timed)
  | ({ type: 'WopiRefreshLock'; lock: string } & Timed)
  | ({ type: 'WopiUnlock'; lock: string } & Timed)
  | ({ type: 'ApproveVersion'; version_id: string } & Timed)
  | ({ type: 'DeclineVersion'; version_id: string } & Timed)
  | ({ type: 'LockFile'; locked_until: string } & Timed)
  | ({ type: 'UnlockFile' } & Timed)
  | ({ type: 'FinalizeFile' } & Timed)
  | ({ type: 'MoveFile'; target: FolderRef } & Timed)
  | ({ type: 'RenameFile'; name: string } & Timed)
  | ({ type: 'RemoveFile' } & Timed)
  | { type: 'RecordImageSizes'; version_id: string; sizes: FileImageSizes; sealed_for?: string | null }
  | { type: 'ExpireUpload' }
  /** a batch's compensation (no rule: it undoes what the batch itself just did) */
  | { type: 'UndoFileChange'; undo: FileEvent };

/** the stored sizes of an image version (FileImageResized) */
export type FileImageSizes = Extract<FileEvent, { type: 'FileImageResized' }>['data']['sizes'];

export const currentMajor = (state: FileState): number => Math.max(0, ...state.versions.map((version) => version.major ?? 0));

/** a published file's abilities for the viewer; 404 for a viewer who may not see it, a removed or unpublished file */
export const publishedFileAbilities = (state: FileState, context: FilesContext, now: string): FileCan => {
  const scope = state.scope;
  if (state.state !== 'published' || !scope || (scope.type === 'group' && !context.viewer.group_ids.includes(scope.group_id))) throw new DomainError('not_found', 'not_found');
  return fileAbilities(
    {
      scope,
      author_id: state.author_id,
      locked_by: state.locked_by,
      locked_until: state.locked_until,
      group_archived: context.group_archived,
      finalized_at: state.finalized_at,
      pending_versions: state.versions.filter((version) => version.pending).length,
      in_activitystream_folder: isActivityStreamFolderId(state.folder_id),
    },
    context.viewer,
    new Date(now),
  );
};

export const lockedByOther = (state: FileState, context: FilesContext, now: string): boolean => {
  const holder = activeLock(state, new Date(now));
  return holder !== null && holder !== context.viewer.member_id;
};

/** refused for want of a right: 409 file_finalized or file_locked when the file's state is why, 403 otherwise */
export const refuse = (state: FileState, context: FilesContext, now: string): never => {
  if (state.finalized_at !== null) throw new DomainError('file_finalized', 'conflict');
  if (lockedByOther(state, context, now)) throw new DomainError('file_locked', 'conflict');
  throw new DomainError('forbidden', 'forbidden');
};

/**
 * A WOPI call whose lock id is not the file's (WOPI: 409 with the current lock in X-WOPI-Lock; an empty
 * one when the file is not locked, or locked by a member outside the suite or finalized).
 */
export class WopiLockMismatch extends DomainError {
  constructor(readonly currentLock: string) {
    super('lock_mismatch', 'conflict');
  }
}

/** the suite's lock id while its lock holds, '' for a member's own lock or none */
export const currentWopiLock = (state: FileState, now: string): string => (activeLock(state, new Date(now)) !== null ? (state.wopi_lock ?? '') : '');

/** the file as the holders of its WOPI lock see it: the suite's lock bars nobody who names it */
const withoutWopiLock = (state: FileState, lock: string, now: string): FileState =>
  activeLock(state, new Date(now)) !== null && state.wopi_lock === lock ? { ...state, locked_by: null, locked_until: null } : state;

/** a WOPI lock for the suite: who may save through it (a published version or a proposal) may lock for it */
const decideWopiLock = (state: FileState, command: Extract<FileCommand, { type: 'WopiLock' | 'WopiRefreshLock' | 'WopiUnlock' }>): FileEvent[] => {
  const { context, now } = command;
  publishedFileAbilities(state, context, now);
  if (state.finalized_at !== null) throw new WopiLockMismatch('');
  const current = activeLock(state, new Date(now)) !== null ? state : { ...state, locked_by: null, locked_until: null, wopi_lock: null };
  const held = current.locked_by !== null;
  const until = new Date(Date.parse(now) + WOPI_LOCK_PERIOD_MS).toISOString();
  const lockedFor = (lock: string): FileEvent[] => [{ type: 'FileLocked', data: { file_id: state.file_id, locked_by: context.viewer.member_id, locked_until: until, wopi_lock: lock } }];
  const mayWrite = () => {
    if (!publishedFileAbilities(withoutWopiLock(current, current.wopi_lock ?? '', now), context, now).add_version) throw new DomainError('forbidden', 'forbidden');
  };
  switch (command.type) {
    case 'WopiLock': {
      if (command.old_lock !== undefined) {
        // UnlockAndRelock: only the lock it names is replaced
        if (!held || current.wopi_lock !== command.old_lock) throw new WopiLockMismatch(current.wopi_lock ?? '');
        mayWrite();
        return lockedFor(command.lock);
      }
      // the member's own lock (taken on download) passes to the suite they open the file in
      const ownPlainLock = held && current.wopi_lock === null && current.locked_by === context.viewer.member_id;
      if (held && current.wopi_lock !== command.lock && !ownPlainLock) throw new WopiLockMismatch(current.wopi_lock ?? '');
      mayWrite();
      return lockedFor(command.lock);
    }
    case 'WopiRefreshLock':
      if (!held || current.wopi_lock !== command.lock) throw new WopiLockMismatch(current.wopi_lock ?? '');
      mayWrite();
      return lockedFor(command.lock);
    case 'WopiUnlock':
      if (!held || current.wopi_lock !== command.lock) throw new WopiLockMismatch(current.wopi_lock ?? '');
      return [{ type: 'FileUnlocked', data: { file_id: state.file_id } }];
  }
};

/** PutFile's lock rule (WOPI): the file's lock id named, or an unlocked file that is still empty */
const requireWopiLock = (state: FileState, lock: string | null, now: string): void => {
  const current = currentWopiLock(state, now);
  const held = activeLock(state, new Date(now)) !== null;
  if (held ? state.wopi_lock === null || state.wopi_lock !== lock : (state.versions.find((version) => version.major === currentMajor(state))?.bytes ?? 0) > 0) throw new WopiLockMismatch(current);
};

const requireExtension = (settings: FileSettings, name: string, field: string): void => {
  if (!extensionAccepted(settings, name)) throw new DomainError('file_type_not_accepted', 'invalid', field);
};

export const fileDecider: Decider<FileState, FileCommand, FileEvent> = {
  initialState: initialFileState,
  evolve: (state, event) => {
    switch (event.type) {
      case 'FileUploaded': {
        const { file_id, uploader_id, version_id, blob_key, original_filename, content_type, sealed_for, size } = event.data;
        return {
          ...state,
          state: 'volatile',
          file_id,
          uploader_id,
          name: original_filename,
          original_filename,
          versions: [{ version_id, major: null, pending: false, declined: false, author_id: uploader_id, blob_key, content_type, bytes: size, size_keys: [], sizes_sealed: false, sealed_for: sealed_for ?? null }],
        };
      }
      case 'FilePublished': {
        const { scope_type, group_id } = event.data;
        const scope: FileScope = scope_type === 'group' && group_id ? { type: 'group', group_id } : { type: 'network', group_id: null };
        return {
          ...state,
          state: 'published',
          scope,
          folder_id: event.data.folder_id,
          name: event.data.name,
          author_id: event.data.author_id,
          profile: event.data.profile ?? {},
          versions: state.versions.map((version, index) =>
            index === 0 ? { ...version, major: 1, ...(event.data.blob_key ? { blob_key: event.data.blob_key, sealed_for: null } : {}) } : version,
          ),
        };
      }
      case 'FileVersionAdded': {
        const { version_id, blob_key, author_id, pending, major, content_type, size } = event.data;
        return { ...state, versions: [...state.versions, { version_id, major, pending, declined: false, author_id, blob_key, content_type, bytes: size, size_keys: [], sizes_sealed: false, sealed_for: null }] };
      }
      case 'FileVersionApproved':
        return { ...state, versions: state.versions.map((version) => (version.version_id === event.data.version_id ? { ...version, pending: false, major: event.data.major } : version)) };
      case 'FileVersionDeclined':
        return { ...state, versions: state.versions.map((version) => (version.version_id === event.data.version_id ? { ...version, pending: false, declined: true } : version)) };
      case 'FileMoved':
        return { ...state, folder_id: event.data.folder_id };
      case 'FileRenamed':
        return { ...state, name: event.data.name };
      case 'FileProfileChanged':
        return { ...state, profile: event.data.profile };
      case 'FileFinalized':
        return { ...state, finalized_at: event.data.finalized_at };
      case 'FileLocked':
        return { ...state, locked_by: event.data.locked_by, locked_until: event.data.locked_until, wopi_lock: event.data.wopi_lock ?? null };
      case 'FileUnlocked':
        return { ...state, locked_by: null, locked_until: null, wopi_lock: null };
      case 'FileRemoved':
        return { ...state, state: 'removed' };
      case 'FileUploadExpired':
        return { ...state, state: 'removed' };
      case 'FileRestored':
        return { ...state, state: state.scope ? 'published' : 'volatile' };
      case 'FileImageResized':
        return { ...state, versions: state.versions.map((version) => (version.version_id === event.data.version_id ? { ...version, size_keys: Object.values(event.data.sizes).map((size) => size.blob_key), sizes_sealed: event.data.sealed_for !== undefined } : version)) };
      default:
        return state;
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'UploadFile': {
        if (state.state !== 'none') throw new DomainError('concurrency_conflict', 'conflict');
        return [{ type: 'FileUploaded', data: { file_id: command.file_id, uploader_id: command.uploader_id, ...command.blob } }];
      }
      case 'DiscardUpload':
        // only the uploader knows a volatile upload exists
        if (state.state !== 'volatile' || state.uploader_id !== command.context.viewer.member_id) throw new DomainError('not_found', 'not_found');
        return [{ type: 'FileRemoved', data: { file_id: state.file_id } }];
      case 'PublishFile': {
        if (state.state === 'none' || state.state === 'removed' || state.uploader_id !== command.context.viewer.member_id) throw new DomainError('not_found', 'not_found', 'files');
        if (state.state === 'published') throw new DomainError('already_published', 'conflict', 'files');
        requireTarget(command.folder, command.context, 'folder_ids.0');
        requireExtension(command.settings, command.name, 'files');
        // a folder's files are the scope's: bytes sealed for the uploader would go with the uploader's erasure
        const sealed = state.versions[0]?.sealed_for ?? null;
        if (sealed !== null && !command.unsealed_blob_key) throw new Error('a sealed upload is published only with its bytes unsealed');
        const unsealed = sealed !== null && command.unsealed_blob_key ? { blob_key: command.unsealed_blob_key } : {};
        const scope = command.folder.scope;
        const profile = decideProfile(command.profile, 'file_profile');
        return [
          {
            type: 'FilePublished',
            data: {
              file_id: state.file_id,
              scope_type: scope.type,
              group_id: scope.group_id,
              folder_id: command.folder.folder_id,
              name: command.name,
              description: command.description,
              author_id: command.context.viewer.member_id,
              ...unsealed,
              ...(profile ? { profile } : {}),
            },
          },
        ];
      }
      case 'AddVersion': {
        const wopiSave = command.wopi_lock !== undefined;
        if (wopiSave) {
          publishedFileAbilities(state, command.context, command.now);
          if (state.finalized_at !== null) throw new WopiLockMismatch('');
          requireWopiLock(state, command.wopi_lock ?? null, command.now);
        }
        // the suite's lock bars nobody who names it: the members editing together in the suite save alike
        const seen = wopiSave ? withoutWopiLock(state, command.wopi_lock ?? '', command.now) : state;
        const can = publishedFileAbilities(seen, command.context, command.now);
        if (!can.add_version) refuse(seen, command.context, command.now);
        requireExtension(command.settings, command.blob.original_filename, 'file');
        // a member who may not change the file proposes the version; a scope admin approves it
        const pending = !can.update;
        return [
          {
            type: 'FileVersionAdded',
            data: { file_id: state.file_id, ...command.blob, major: pending ? null : currentMajor(state) + 1, author_id: command.context.viewer.member_id, description: command.description, pending },
          },
        ];
      }
      case 'ApproveVersion':
      case 'DeclineVersion': {
        if (!publishedFileAbilities(state, command.context, command.now).approve) throw new DomainError('forbidden', 'forbidden');
        const version = state.versions.find((candidate) => candidate.version_id === command.version_id);
        if (!version) throw new DomainError('not_found', 'not_found');
        if (!version.pending) throw new DomainError('version_not_pending', 'conflict');
        const actor = command.context.viewer.member_id;
        return command.type === 'ApproveVersion'
          ? [{ type: 'FileVersionApproved', data: { file_id: state.file_id, version_id: version.version_id, major: currentMajor(state) + 1, approver_id: actor } }]
          : [{ type: 'FileVersionDeclined', data: { file_id: state.file_id, version_id: version.version_id, decliner_id: actor } }];
      }
      case 'LockFile': {
        const can = publishedFileAbilities(state, command.context, command.now);
        const holder = activeLock(state, new Date(command.now));
        if (state.finalized_at !== null) throw new DomainError('file_finalized', 'conflict');
        if (holder !== null && holder !== command.context.viewer.member_id) throw new DomainError('file_locked', 'conflict');
        if (holder === null && !can.lock) throw new DomainError('forbidden', 'forbidden');
        if (holder !== null && !can.unlock) throw new DomainError('forbidden', 'forbidden');
        if (Date.parse(command.locked_until) <= Date.parse(command.now)) throw new DomainError('invalid_date', 'invalid', 'locked_unitl');
        return [{ type: 'FileLocked', data: { file_id: state.file_id, locked_by: command.context.viewer.member_id, locked_until: command.locked_until } }];
      }
      case 'WopiLock':
      case 'WopiRefreshLock':
      case 'WopiUnlock':
        return decideWopiLock(state, command);
      case 'UnlockFile': {
        const can = publishedFileAbilities(state, command.context, command.now);
        if (activeLock(state, new Date(command.now)) === null) return [];
        if (!can.unlock) refuse(state, command.context, command.now);
        return [{ type: 'FileUnlocked', data: { file_id: state.file_id } }];
      }
      case 'FinalizeFile': {
        // who may change the file may make it final, once, and only when no proposed version awaits a decision
        const can = publishedFileAbilities(state, command.context, command.now);
        if (can.finalize) return [{ type: 'FileFinalized', data: { file_id: state.file_id, finalized_by: command.context.viewer.member_id, finalized_at: command.now } }];
        if (can.update && state.versions.some((version) => version.pending)) throw new DomainError('pending_versions', 'refused');
        return refuse(state, command.context, command.now);
      }
      case 'MoveFile': {
        const can = publishedFileAbilities(state, command.context, command.now);
        if (!can.update) refuse(state, command.context, command.now);
        requireTarget(command.target, command.context, 'target_folder_id');
        if (!state.scope || !sameScope(state.scope, command.target.scope)) throw new DomainError('invalid_target', 'refused', 'target_folder_id');
        // nothing moves out of an activity-stream folder (the post carrying it points there), nor into one (only posting puts files there)
        if (command.target.folder_id !== state.folder_id && (!can.move || command.target.activitystream)) throw new DomainError('invalid_target', 'refused', 'target_folder_id');
        if (command.target.folder_id === state.folder_id) return [];
        return [{ type: 'FileMoved', data: { file_id: state.file_id, from_folder_id: state.folder_id, folder_id: command.target.folder_id } }];
      }
      case 'RenameFile':
        if (!publishedFileAbilities(state, command.context, command.now).update) refuse(state, command.context, command.now);
        return command.name === state.name ? [] : [{ type: 'FileRenamed', data: { file_id: state.file_id, name: command.name } }];
      case 'ChangeFileProfile': {
        // the same right as a rename: the file's author or the scope's admins, not while someone else holds the lock
        if (!publishedFileAbilities(state, command.context, command.now).update) refuse(state, command.context, command.now);
        if (!command.profile.enabled) throw new DomainValidationError([{ field: 'file_profile', key: 'profiles_disabled' }]);
        const profile = decideProfile(command.profile, 'file_profile') ?? {};
        return JSON.stringify(profile) === JSON.stringify(state.profile) ? [] : [{ type: 'FileProfileChanged', data: { file_id: state.file_id, profile } }];
      }
      case 'RemoveFile':
        if (!publishedFileAbilities(state, command.context, command.now).destroy) refuse(state, command.context, command.now);
        return [{ type: 'FileRemoved', data: { file_id: state.file_id } }];
      case 'RecordImageSizes': {
        // the reactor's own step: sizes once per version, none for a removed file (a restart or a replay appends nothing)
        const version = state.versions.find((candidate) => candidate.version_id === command.version_id);
        if (state.state === 'none' || state.state === 'removed' || !version || !needsSizes(version)) return [];
        // sizes are sealed exactly when the version's bytes are
        if ((command.sealed_for ?? null) !== version.sealed_for) return [];
        return [{ type: 'FileImageResized', data: { file_id: state.file_id, version_id: version.version_id, sizes: command.sizes, ...(command.sealed_for ? { sealed_for: command.sealed_for } : {}) } }];
      }
      case 'UndoFileChange': {
        const { undo } = command;
        if (undo.type === 'FileMoved' && state.folder_id === undo.data.folder_id)
          return [{ type: 'FileMoved', data: { file_id: state.file_id, from_folder_id: undo.data.folder_id, folder_id: undo.data.from_folder_id } }];
        if (undo.type === 'FileRemoved' && state.state === 'removed') return [{ type: 'FileRestored', data: { file_id: state.file_id } }];
        return [];
      }
      case 'ExpireUpload': {
        // the expiry timer's step: only an upload still volatile expires (published, attached, discarded or expired: nothing)
        if (state.state !== 'volatile') return [];
        return [{ type: 'FileUploadExpired', data: { file_id: state.file_id, blob_keys: state.versions.flatMap((version) => [version.blob_key, ...version.size_keys]) } }];
      }
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },
};
