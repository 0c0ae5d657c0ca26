import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { errorKeyOf } from '../api/client';
import { EmptyState } from '../common/EmptyState';
import { NotFoundPage } from '../common/NotFoundPage';
import { refusalMessageKey } from '../i18n/refusal-message';
import { useLiveTopic } from '../realtime/LiveQueries';
import { useToasts } from '../toasts/Toasts';
import { scopeBase, useScope } from './FolderPage';
import { useApproval, useFilesCommand } from './files-queries';

/**
 * /files/approval and /groups/{slug}/files/approval: the pending versions the member may approve or
 * decline, with their count. (The open-review tab of the product is not built: docs/FILES.md.)
 */
export const ApprovalPage = () => {
  const { t, i18n } = useTranslation();
  const scope = useScope();
  const toasts = useToasts();
  useLiveTopic('files');
  const context = scope.groupSlug ? { type: 'group' as const, id: scope.root?.slice('root-'.length) ?? '' } : { type: 'network' as const, id: '' };
  const approval = useApproval(context, !!scope.root);
  const command = useFilesCommand((files, action: { approve: boolean; fileId: string; versionId: string }) =>
    action.approve ? files.approve(action.fileId, action.versionId) : files.decline(action.fileId, action.versionId),
  );
  if (scope.notFound || (approval.isError && (approval.error as { status?: number }).status === 404)) return <NotFoundPage />;
  const versions = approval.data?.versions ?? [];
  const base = scopeBase(scope.groupSlug);
  const refuse = (error: unknown) => toasts.show('error', t(refusalMessageKey(i18n, errorKeyOf(error), ['files.errors'])));
  return (
    <div className="page" data-testid="files-approval">
      <h1>{t('files.approval.title')}</h1>
      <div className="tabs" role="tablist">
        <span className="tab tab--active" role="tab" aria-selected="true" data-testid="approval-tab-versions">
          {t('files.approval.versions_tab')} <span className="badge">{versions.length}</span>
        </span>
      </div>
      {approval.data && versions.length === 0 ? <EmptyState title="files.approval.empty" testId="approval-empty" /> : null}
      <ul className="file-list">
        {versions.map((version) => (
          <li key={version.id} data-testid={`approval-${version.file_name}`}>
            <Link to={`${base}/${encodeURIComponent(version.file_id)}`}>{version.file_name}</Link> · {version.original_filename} · {version.author_name} ·{' '}
            {new Date(version.created_at).toLocaleString(i18n.language)}{' '}
            <button type="button" className="button" data-testid={`approve-${version.file_name}`} onClick={() => command.mutate({ approve: true, fileId: version.file_id, versionId: version.id }, { onError: refuse })}>
              {t('files.approval.approve')}
            </button>
            <button type="button" className="button button--quiet" onClick={() => command.mutate({ approve: false, fileId: version.file_id, versionId: version.id }, { onError: refuse })}>
              {t('files.approval.decline')}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
};
