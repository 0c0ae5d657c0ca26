import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { formatFileSize, truncateFileName } from '@cn/contracts';
import { errorKeyOf } from '../api/client';
import { NotFoundPage } from '../common/NotFoundPage';
import { refusalMessageKey } from '../i18n/refusal-message';
import { useLiveTopic } from '../realtime/LiveQueries';
import { useToasts } from '../toasts/Toasts';
import { scopeBase, useScope } from './FolderPage';
import { filesKeys, useDocumentActions, useFile, useFilesApi, useFilesCommand, useOfficeActions } from './files-queries';
import { OfficeActions } from './OfficeActions';
import { FileProfileSection } from './ProfileFields';
import { useQueryClient } from '@tanstack/react-query';

/** A file: download, lock, a new version (with progress), its versions and the pending ones. */
export const FilePage = () => {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const scope = useScope();
  const file = useFile(id);
  const documentActions = useDocumentActions(id);
  const officeActions = useOfficeActions(id);
  const api = useFilesApi();
  const client = useQueryClient();
  const toasts = useToasts();
  const [progress, setProgress] = useState<number | null>(null);
  useLiveTopic('files');
  const refuse = (error: unknown) => toasts.show('error', t(refusalMessageKey(i18n, (error as { body?: { errors?: Array<{ key: string }> } }).body?.errors?.[0]?.key ?? errorKeyOf(error), ['files.errors'])));
  const command = useFilesCommand((files, action: { type: 'lock' | 'unlock' | 'finalize' } | { type: 'approve' | 'decline'; versionId: string }) => {
    switch (action.type) {
      case 'finalize':
        return files.finalize(id);
      case 'lock':
        return files.lock(id);
      case 'unlock':
        return files.unlock(id);
      case 'approve':
        return files.approve(id, action.versionId);
      default:
        return files.decline(id, action.versionId);
    }
  });

  // opening the page is a view of the file (its statistics; the server counts each member once)
  const trackView = useFilesCommand((files, target: string) => files.trackView(target));
  const tracked = useRef<string | null>(null);
  const shown = file.data !== undefined;
  useEffect(() => {
    if (!shown || tracked.current === id) return;
    tracked.current = id;
    trackView.mutate(id);
  }, [shown, id]);

  if (scope.notFound || (file.isError && (file.error as { status?: number }).status === 404)) return <NotFoundPage />;
  const data = file.data;
  if (!data) return <p className="muted">{file.isError ? t('errors.generic_error') : t('common.loading')}</p>;
  const base = scopeBase(scope.groupSlug);
  const { can } = data.file;
  // document actions show only when authorized (§6); edit and review are never both
  const authorized = new Set((documentActions.data?.actions ?? []).filter((entry) => entry.authorized).map((entry) => entry.action));
  const versionAction = authorized.has('edit') ? 'edit' : authorized.has('review') ? 'review' : null;

  const finalize = () => {
    // immutable afterwards: the member confirms first
    if (!window.confirm(t('files.actions.confirm_finalize', { name: data.file.name }))) return;
    command.mutate({ type: 'finalize' }, { onSuccess: () => toasts.show('success', t('files.file.finalized_done')), onError: refuse });
  };

  const uploadVersion = (list: FileList | null) => {
    const chosen = list?.[0];
    if (!chosen) return;
    setProgress(0);
    api.uploadVersion(id, chosen, setProgress).then(
      (answer) => {
        setProgress(null);
        toasts.show('success', t(answer.state === 'published' && can.update ? 'files.file.version_added' : 'files.file.version_proposed'));
        void client.invalidateQueries({ queryKey: filesKeys.all });
      },
      (error: unknown) => {
        setProgress(null);
        refuse(error);
      },
    );
  };

  return (
    <div className="page file-page" data-testid="file-page">
      <nav aria-label={t('files.breadcrumbs')} className="breadcrumbs">
        {data.breadcrumbs.map((crumb, index) => (
          <span key={crumb.id}>
            {index > 0 ? ' / ' : null}
            {index === data.breadcrumbs.length - 1 ? (
              <span>{truncateFileName(crumb.name)}</span>
            ) : (
              <Link to={index === 0 ? base : `${base}/folders/${encodeURIComponent(crumb.id)}`}>{index === 0 ? crumb.name || t('files.root') : crumb.name}</Link>
            )}
          </span>
        ))}
      </nav>
      <h1 title={data.file.name}>
        {truncateFileName(data.file.name)}
        {data.file.lockedById ? (
          <span className="file-lock" data-testid="file-locked">
            {' '}
            🔒 {t('files.file.locked_until', { date: new Date(data.file.locked_until ?? '').toLocaleString(i18n.language) })}
          </span>
        ) : null}
        {data.file.finalizedAt ? (
          <span className="badge" data-testid="file-finalized">
            {' '}
            {t('files.file.finalized', { date: new Date(data.file.finalizedAt).toLocaleString(i18n.language) })}
          </span>
        ) : null}
      </h1>
      <p className="muted">
        {formatFileSize(data.file.size)} · {t('files.file.version', { major: data.file.current_version })}
        {data.file.current_version_authors.length > 0 ? ` · ${data.file.current_version_authors.join(', ')}` : ''}
        <span data-testid="file-view-count"> · {t('files.file.views', { count: data.file.view_count })}</span>
        {data.file.pending_versions_count > 0 ? (
          <span className="badge" data-testid="file-review-status">
            {' · '}
            {t('files.file.awaiting_review', { count: data.file.pending_versions_count })}
          </span>
        ) : null}
      </p>
      {data.file.description ? <p>{data.file.description}</p> : null}
      <FileProfileSection file={data.file} />
      <div className="toolbar">
        <a className="button" href={`${data.file.url}&download=1`} data-testid="file-download">
          {t('files.actions.download')}
        </a>
        {can.lock ? (
          <button type="button" className="button button--quiet" onClick={() => command.mutate({ type: 'lock' }, { onError: refuse })} data-testid="file-lock">
            {t('files.actions.lock')}
          </button>
        ) : null}
        {can.unlock ? (
          <button type="button" className="button button--quiet" onClick={() => command.mutate({ type: 'unlock' }, { onError: refuse })} data-testid="file-unlock">
            {t('files.actions.unlock')}
          </button>
        ) : null}
        {can.finalize ? (
          <button type="button" className="button button--quiet" onClick={finalize} data-testid="file-finalize">
            {t('files.actions.finalize')}
          </button>
        ) : null}
        {authorized.has('view') ? (
          <a className="button button--quiet" href={data.file.url} target="_blank" rel="noreferrer" data-testid="document-action-view">
            {t('files.actions.open')}
          </a>
        ) : null}
        {versionAction ? (
          <label className="button button--quiet" data-testid={`document-action-${versionAction}`}>
            {t(versionAction === 'edit' ? 'files.actions.edit' : 'files.actions.review')}
            <input type="file" hidden data-testid="file-version-input" onChange={(event) => { uploadVersion(event.target.files); event.target.value = ''; }} />
          </label>
        ) : null}
        <OfficeActions actions={officeActions.data?.actions ?? []} />
        {progress !== null ? <progress max={1} value={progress} aria-label={t('files.form.progress', { name: data.file.name })} /> : null}
      </div>
      <h2>{t('files.file.versions')}</h2>
      <ul className="file-list" data-testid="file-versions">
        {data.versions.map((version) => (
          <li key={version.id} data-testid={`file-version-${version.major}`}>
            <a href={`${version.url}&download=1`}>{t('files.file.version', { major: version.major })}</a> · {formatFileSize(version.size)} · {version.author_name} ·{' '}
            {new Date(version.created_at).toLocaleString(i18n.language)}
          </li>
        ))}
      </ul>
      {data.pending_versions.length > 0 ? (
        <>
          <h2>{t('files.approval.pending')}</h2>
          <ul className="file-list" data-testid="file-pending-versions">
            {data.pending_versions.map((version) => (
              <li key={version.id}>
                {version.original_filename} · {version.author_name} · {new Date(version.created_at).toLocaleString(i18n.language)}
                {can.approve ? (
                  <>
                    {' '}
                    <button type="button" className="button" onClick={() => command.mutate({ type: 'approve', versionId: version.id }, { onError: refuse })}>
                      {t('files.approval.approve')}
                    </button>
                    <button type="button" className="button button--quiet" onClick={() => command.mutate({ type: 'decline', versionId: version.id }, { onError: refuse })}>
                      {t('files.approval.decline')}
                    </button>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
};
