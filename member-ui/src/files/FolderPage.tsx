import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import {
  activityStreamFolderIdOf,
  FOLDER_PROFILE_SET,
  formatFileSize,
  groupRootFolderId,
  isActivityStreamFolderId,
  NETWORK_ROOT_FOLDER_ID,
  rootFolderScope,
  truncateFileName,
  type FileItemDto,
  type FileRef,
  type FolderItemDto,
  type RequestFileArchiveRequest,
} from '@cn/contracts';
import { useQuery } from '@tanstack/react-query';
import { errorKeyOf } from '../api/client';
import { EmptyState } from '../common/EmptyState';
import { Icon } from '../common/Icon';
import { NotFoundPage } from '../common/NotFoundPage';
import { useGroup } from '../groups/groups-queries';
import { refusalMessageKey } from '../i18n/refusal-message';
import { useLiveTopic } from '../realtime/LiveQueries';
import { useToasts } from '../toasts/Toasts';
import { ArchiveExports } from './ArchiveExports';
import { FileThumbnail } from './FileThumbnail';
import { FolderPicker } from './FolderPicker';
import { NewFilesForm } from './NewFilesForm';
import { ProfileFields, profileRefusal, useProfileProperties } from './ProfileFields';
import { filesKeys, useApproval, useFilesApi, useFilesCommand, useFolder } from './files-queries';

/** where a scope's pages live: /files or /groups/{slug}/files */
export const scopeBase = (groupSlug: string | undefined): string => (groupSlug ? `/groups/${encodeURIComponent(groupSlug)}/files` : '/files');
/** a folder's page: the root is the scope's base, the activity-stream folder has its own route */
const folderPath = (base: string, crumbIndex: number, id: string): string =>
  crumbIndex === 0 ? base : isActivityStreamFolderId(id) ? `${base}/activitystream` : `${base}/folders/${encodeURIComponent(id)}`;

/** the group of a group-scoped route (its root folder id), or the network */
export const useScope = (): { groupSlug: string | undefined; root: string | null; notFound: boolean } => {
  const { groupSlug } = useParams();
  const group = useGroup(groupSlug ?? '');
  if (!groupSlug) return { groupSlug, root: NETWORK_ROOT_FOLDER_ID, notFound: false };
  if (group.isError) return { groupSlug, root: null, notFound: true };
  return { groupSlug, root: group.data ? groupRootFolderId(group.data.id) : null, notFound: false };
};

/**
 * A new folder under `parentId`, or the edit of `editing` (at the revision read): its name, and the folder
 * profile's values while the network has profiles on.
 */
const FolderForm = ({ parentId, editing, groupId, profilesOn, onDone }: { parentId: string; editing?: FolderItemDto; groupId: string | null; profilesOn: boolean; onDone: () => void }) => {
  const { t, i18n } = useTranslation();
  const [name, setName] = useState(editing?.name ?? '');
  const [profile, setProfile] = useState<Record<string, string>>({ ...(editing?.folder_profile ?? {}) });
  const [profileErrors, setProfileErrors] = useState<Record<string, string>>({});
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const properties = useProfileProperties(FOLDER_PROFILE_SET, groupId, profilesOn);
  const create = useFilesCommand((api, value: string) => {
    const folder_profile = profilesOn ? { folder_profile: profile } : {};
    return editing
      ? api.editFolder(editing.id, { name: value, description: editing.description, expected_revision: editing.revision, ...folder_profile })
      : api.createFolder({ name: value, parent_folder_id: parentId, ...folder_profile });
  });
  return (
    <form
      className="card"
      data-testid="new-folder-form"
      onSubmit={(event) => {
        event.preventDefault();
        create.mutate(name, {
          onSuccess: onDone,
          onError: (error) => {
            const { fields, messageKey } = profileRefusal(i18n, error, 'folder_profile');
            setProfileErrors(fields);
            setErrorKey(messageKey);
          },
        });
      }}
    >
      <label className="field">
        <span>{t('files.folder.name')}</span>
        <input value={name} maxLength={120} required onChange={(event) => setName(event.target.value)} data-testid="new-folder-name" />
      </label>
      {profilesOn ? <ProfileFields title={t('files.folder.profile')} properties={properties.data ?? []} values={profile} errors={profileErrors} onChange={setProfile} /> : null}
      {errorKey ? <p className="field-error">{t(errorKey)}</p> : null}
      <div className="form-actions">
        <button type="submit" className="button" disabled={create.isPending} data-testid="new-folder-save">
          {t(editing ? 'files.folder.save' : 'files.folder.create')}
        </button>
        <button type="button" className="button button--quiet" onClick={onDone}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
};

/** the scope's activity-stream folder, from its root folder's id */
const streamFolderOf = (root: string | null): string | null => {
  const scope = root ? rootFolderScope(root) : null;
  return scope ? activityStreamFolderIdOf(scope) : null;
};

/**
 * A folder of the network or of a group: breadcrumbs, subfolders, files, and the actions the flags allow.
 * `activityStream`: the scope's activity-stream folder (its own route, `…/files/activitystream`).
 */
export const FolderPage = ({ activityStream = false }: { activityStream?: boolean }) => {
  const { t, i18n } = useTranslation();
  const { id } = useParams();
  const scope = useScope();
  const folderId = (activityStream ? streamFolderOf(scope.root) : id) ?? scope.root ?? '';
  const folder = useFolder(folderId);
  const api = useFilesApi();
  const toasts = useToasts();
  const navigate = useNavigate();
  useLiveTopic('files');
  const settings = useQuery({ queryKey: filesKeys.settings(), queryFn: () => api.settings() });
  const approval = useApproval(
    scope.groupSlug ? { type: 'group', id: scope.root?.slice('root-'.length) ?? '' } : { type: 'network', id: '' },
    !!scope.root,
  );
  const [mode, setMode] = useState<'list' | 'folder' | 'edit' | 'files'>('list');
  const [selected, setSelected] = useState<string[]>([]);
  const [moving, setMoving] = useState(false);
  // one batch command: every selected item or none (the server names an item it refuses)
  const batch = useFilesCommand(async (files, action: { type: 'delete' } | { type: 'move'; target: string }) => {
    const data = folder.data;
    if (!data) return undefined;
    const picked = [...data.folders, ...data.files].filter((candidate) => selected.includes(candidate.id));
    const request = { file_ids: picked.filter((item) => item.type === 'file').map((item) => item.id), folder_ids: picked.filter((item) => item.type !== 'file').map((item) => item.id), source_folder_id: folderId };
    return action.type === 'delete' ? files.batchDelete(request) : files.batchMove({ ...request, target_folder_id: action.target });
  });
  // opening a folder shown unread marks it read (a command; the mark and the badge follow live)
  const markRead = useFilesCommand((files, target: string) => files.markFolderRead(target));
  const exporting = useFilesCommand((files, request: RequestFileArchiveRequest) => files.requestArchive(request));
  const marked = useRef<string | null>(null);
  const unread = folder.data?.folder.unread === true;
  useEffect(() => {
    if (!unread) {
      // read again once a new file arrives while the folder is open
      if (marked.current === folderId) marked.current = null;
      return;
    }
    if (marked.current === folderId) return;
    marked.current = folderId;
    markRead.mutate(folderId);
  }, [unread, folderId]);

  if (scope.notFound || (folder.isError && (folder.error as { status?: number }).status === 404)) return <NotFoundPage />;
  const base = scopeBase(scope.groupSlug);
  const data = folder.data;
  if (!data) return <p className="muted">{folder.isError ? t('errors.generic_error') : t('common.loading')}</p>;

  const items: Array<FolderItemDto | FileItemDto> = [...data.folders, ...data.files];
  const chosen = items.filter((item) => selected.includes(item.id));
  // finalized or locked items disable batch move and delete (the spec)
  const allDestroyable = chosen.length > 0 && chosen.every((item) => item.can.destroy && !(item.type === 'file' && (item.lockedById || item.finalizedAt)));
  // moving is hidden in activity-stream folders (the spec): their files do not leave them (`can.move`)
  const allMovable = allDestroyable && data.folder.type !== 'activitystream_folder' && chosen.every((item) => (item.type === 'file' ? item.can.move : item.type !== 'activitystream_folder'));
  /** a folder's name as shown: the activity-stream folder's is the console's */
  const folderName = (item: { id: string; name: string }): string => (isActivityStreamFolderId(item.id) ? t('files.activitystream_folder') : item.name);
  const toggle = (itemId: string) => setSelected((all) => (all.includes(itemId) ? all.filter((other) => other !== itemId) : [...all, itemId]));
  const refuse = (error: unknown) => {
    // a batch refusal names its item (file_ids.N, folder_ids.N): the toast says which
    const named = (error as { body?: { errors?: Array<{ field?: string; key: string }> } }).body?.errors?.[0];
    const match = /^(file|folder)_ids\.(\d+)$/.exec(named?.field ?? '');
    const pool = match?.[1] === 'file' ? chosen.filter((item) => item.type === 'file') : chosen.filter((item) => item.type !== 'file');
    const item = match ? pool[Number(match[2])] : undefined;
    const message = t(refusalMessageKey(i18n, named?.key ?? errorKeyOf(error), ['files.errors']));
    toasts.show('error', item ? t('files.errors.batch_item', { name: item.name, message }) : message);
  };

  // the selection, or the open folder when nothing is selected
  const selection = () => ({
    file_ids: chosen.filter((item) => item.type === 'file').map((item) => item.id),
    folder_ids: chosen.length === 0 ? [folderId] : chosen.filter((item) => item.type !== 'file').map((item) => item.id),
    current_folder_id: folderId,
  });
  const downloadZip = async () => {
    try {
      const { token } = await api.fileToken(selection());
      window.location.assign(`/api/storage/v2/archive?token=${encodeURIComponent(token)}`);
    } catch (error) {
      refuse(error);
    }
  };
  // an archive export: the server builds the zip, its progress shows below (live) until it downloads
  const exportArchive = () => exporting.mutate(selection(), { onError: refuse });

  const pending = approval.data?.versions.length ?? 0;
  return (
    <div className="page files-page" data-testid="files-page">
      <header className="page-header">
        <nav aria-label={t('files.breadcrumbs')} className="breadcrumbs" data-testid="files-breadcrumbs">
          {data.breadcrumbs.map((crumb: FileRef, index) => (
            <span key={crumb.id}>
              {index > 0 ? ' / ' : null}
              <Link to={folderPath(base, index, crumb.id)}>{index === 0 ? (crumb.name || t('files.root')) : folderName(crumb)}</Link>
            </span>
          ))}
        </nav>
        <div className="toolbar">
          {data.folder.type === 'folder' && data.folder.can.update ? (
            <button type="button" className="button button--quiet" onClick={() => setMode('edit')} data-testid="files-edit-folder">
              {t('files.actions.edit_folder')}
            </button>
          ) : null}
          {data.folder.can.create_subfolders ? (
            <button type="button" className="button button--quiet" onClick={() => setMode('folder')} data-testid="files-new-folder">
              {t('files.actions.new_folder')}
            </button>
          ) : null}
          {data.folder.can.add_files ? (
            <button type="button" className="button" onClick={() => setMode('files')} data-testid="files-add">
              {t('files.actions.add_files')}
            </button>
          ) : null}
          <button type="button" className="button button--quiet" onClick={() => void downloadZip()} data-testid="files-download-zip">
            {chosen.length === 0 ? t('files.actions.download_folder') : t('files.actions.download_selected', { count: chosen.length })}
          </button>
          <button type="button" className="button button--quiet" onClick={exportArchive} disabled={exporting.isPending} data-testid="files-export-archive">
            {t('files.actions.export_archive')}
          </button>
          {chosen.length > 0 && allDestroyable ? (
            <>
              {allMovable ? (
                <button type="button" className="button button--quiet" onClick={() => setMoving(true)} data-testid="files-move">
                  {t('files.actions.move')}
                </button>
              ) : null}
              <button
                type="button"
                className="button button--danger"
                data-testid="files-delete"
                onClick={() => {
                  if (window.confirm(t('files.actions.confirm_delete', { count: chosen.length }))) batch.mutate({ type: 'delete' }, { onSuccess: () => setSelected([]), onError: refuse });
                }}
              >
                {t('files.actions.delete')}
              </button>
            </>
          ) : null}
          <Link to={`${base}/approval`} className="button button--quiet" data-testid="files-approval-link">
            {t('files.approval.title')} {pending > 0 ? <span className="badge">{pending}</span> : null}
          </Link>
        </div>
      </header>
      <ArchiveExports onGenerate={exportArchive} />
      {mode === 'folder' ? <FolderForm parentId={folderId} groupId={data.folder.group_id} profilesOn={settings.data?.profiles_enabled === true} onDone={() => setMode('list')} /> : null}
      {mode === 'edit' ? <FolderForm parentId={folderId} editing={data.folder} groupId={data.folder.group_id} profilesOn={settings.data?.profiles_enabled === true} onDone={() => setMode('list')} /> : null}
      {mode === 'files' ? <NewFilesForm folderId={folderId} groupId={data.folder.group_id} settings={settings.data} onDone={() => setMode('list')} /> : null}
      {moving ? (
        <FolderPicker
          start={scope.root ?? folderId}
          exclude={chosen.filter((item) => item.type !== 'file').map((item) => item.id)}
          onCancel={() => setMoving(false)}
          onPick={(target) => {
            setMoving(false);
            batch.mutate({ type: 'move', target: target.id }, { onSuccess: () => setSelected([]), onError: refuse });
          }}
        />
      ) : null}
      {items.length === 0 ? (
        <EmptyState title="files.empty.title" text="files.empty.text" testId="files-empty" />
      ) : (
        <table className="table files-table" data-testid="files-table">
          <thead>
            <tr>
              <th aria-label={t('files.select')} />
              <th>{t('files.columns.name')}</th>
              <th>{t('files.columns.size')}</th>
              <th>{t('files.columns.updated')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.id} data-testid={`files-row-${item.name}`}>
                <td>
                  <input type="checkbox" checked={selected.includes(item.id)} onChange={() => toggle(item.id)} aria-label={t('files.select_item', { name: item.name })} />
                </td>
                <td>
                  {item.type === 'file' ? (
                    <>
                      <Link to={`${base}/${encodeURIComponent(item.id)}`} title={item.name}>
                        <FileThumbnail file={item} /> {truncateFileName(item.name)}
                      </Link>
                      {item.lockedById ? (
                        <span className="file-lock" data-testid={`files-lock-${item.name}`} title={t('files.file.locked_until', { date: new Date(item.locked_until ?? '').toLocaleString(i18n.language) })}>
                          {' '}
                          🔒
                        </span>
                      ) : null}
                      {item.finalizedAt ? (
                        <span className="badge" data-testid={`files-finalized-${item.name}`} title={t('files.file.finalized', { date: new Date(item.finalizedAt).toLocaleString(i18n.language) })}>
                          {' '}
                          ✔
                        </span>
                      ) : null}
                      {item.pending_versions_count > 0 ? (
                        <span className="badge" data-testid={`files-review-${item.name}`}>
                          {' '}
                          {t('files.file.awaiting_review', { count: item.pending_versions_count })}
                        </span>
                      ) : null}
                    </>
                  ) : (
                    <button type="button" className="link-button" onClick={() => void navigate(folderPath(base, 1, item.id))} title={folderName(item)} data-testid={`files-folder-${item.type}`}>
                      <Icon name={item.type === 'activitystream_folder' ? 'activity' : 'files'} /> {item.unread ? <strong>{truncateFileName(folderName(item))}</strong> : truncateFileName(folderName(item))}
                      {item.unread ? (
                        <span className="badge badge--new" data-testid={`files-unread-${item.name}`}>
                          {' '}
                          {t('files.folder.unread')}
                        </span>
                      ) : null}
                    </button>
                  )}
                </td>
                <td>{item.type === 'file' ? formatFileSize(item.size) : t('files.folder.contents', { files: item.total_files_count, folders: item.total_subfolders_count })}</td>
                <td>{item.type === 'file' ? new Date(item.updated_at).toLocaleDateString(i18n.language) : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
};
