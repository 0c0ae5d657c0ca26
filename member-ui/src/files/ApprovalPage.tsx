import type { OpenReviewVersionDto, PendingVersionDto } from '@cn/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { errorKeyOf } from '../api/client';
import { EmptyState } from '../common/EmptyState';
import { NotFoundPage } from '../common/NotFoundPage';
import { refusalMessageKey } from '../i18n/refusal-message';
import { useLiveTopic } from '../realtime/LiveQueries';
import { useToasts } from '../toasts/Toasts';
import { scopeBase, useScope } from './FolderPage';
import { useApproval, useFilesCommand, useOpenReview } from './files-queries';

type Tab = 'open' | 'versions';
type Decision = { approve: boolean; fileId: string; versionId: string };

/** the spec: the versions tab opens first when nothing awaits review but pending versions exist */
export const defaultApprovalTab = (openCount: number, versionsCount: number): Tab => (openCount === 0 && versionsCount > 0 ? 'versions' : 'open');

/** a version's link goes to its file in its own scope (the open-review list spans the network and groups) */
const fileLinkOf = (version: OpenReviewVersionDto): string => `${scopeBase(version.group_slug ?? undefined)}/${encodeURIComponent(version.file_id)}`;

const DecisionButtons = ({ version, decide, testIds }: { version: PendingVersionDto; decide: (decision: Decision) => void; testIds: [string, string] }) => {
  const { t } = useTranslation();
  return (
    <>
      <button type="button" className="button" data-testid={testIds[0]} onClick={() => decide({ approve: true, fileId: version.file_id, versionId: version.id })}>
        {t('files.approval.approve')}
      </button>{' '}
      <button type="button" className="button button--quiet" data-testid={testIds[1]} onClick={() => decide({ approve: false, fileId: version.file_id, versionId: version.id })}>
        {t('files.approval.decline')}
      </button>
    </>
  );
};

/**
 * /files/approval and /groups/{slug}/files/approval: two tabs with their counts. Open review: every
 * pending version the member may approve (on the network page across the network's and their groups'
 * folders, on a group's page that group's), with file, folder, uploader and date. New versions: the
 * scope's pending versions. Both follow pushed files changes (a new proposal, someone else's decision).
 */
export const ApprovalPage = () => {
  const { t, i18n } = useTranslation();
  const scope = useScope();
  const toasts = useToasts();
  const [chosen, setChosen] = useState<Tab | null>(null);
  useLiveTopic('files');
  const groupId = scope.groupSlug ? (scope.root?.slice('root-'.length) ?? '') : null;
  const context = groupId !== null ? { type: 'group' as const, id: groupId } : { type: 'network' as const, id: '' };
  const approval = useApproval(context, !!scope.root);
  const open = useOpenReview(groupId, !!scope.root);
  const command = useFilesCommand((files, action: Decision) => (action.approve ? files.approve(action.fileId, action.versionId) : files.decline(action.fileId, action.versionId)));
  const notFound = (query: { isError: boolean; error: unknown }) => query.isError && (query.error as { status?: number }).status === 404;
  if (scope.notFound || notFound(approval) || notFound(open)) return <NotFoundPage />;
  const versions = approval.data?.versions ?? [];
  const openVersions = open.data?.versions ?? [];
  const tab: Tab = chosen ?? (open.data && approval.data ? defaultApprovalTab(openVersions.length, versions.length) : 'open');
  const base = scopeBase(scope.groupSlug);
  const refuse = (error: unknown) => toasts.show('error', t(refusalMessageKey(i18n, errorKeyOf(error), ['files.errors'])));
  const decide = (decision: Decision) => command.mutate(decision, { onError: refuse });
  // a group's folder names its group too (the network page lists every scope's)
  const placeOf = (version: OpenReviewVersionDto): string =>
    version.folder_name && version.group_name ? `${version.folder_name} (${version.group_name})` : version.folder_name || version.group_name || t('files.approval.network_files');
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language);
  const tabButton = (id: Tab, label: string, count: number) => (
    <button type="button" className={`tab${tab === id ? ' tab--active' : ''}`} role="tab" aria-selected={tab === id} data-testid={`approval-tab-${id}`} onClick={() => setChosen(id)}>
      {t(label)} <span className="badge" data-testid={`approval-count-${id}`}>{count}</span>
    </button>
  );
  return (
    <div className="page" data-testid="files-approval">
      <h1>{t('files.approval.title')}</h1>
      <div className="tabs" role="tablist">
        {tabButton('open', 'files.approval.open_tab', open.data?.total ?? 0)}
        {tabButton('versions', 'files.approval.versions_tab', versions.length)}
      </div>
      {tab === 'open' ? (
        <div role="tabpanel" data-testid="approval-open">
          {open.data && openVersions.length === 0 ? <EmptyState title="files.approval.open_empty" testId="approval-open-empty" /> : null}
          <ul className="file-list">
            {openVersions.map((version) => (
              <li key={version.id} data-testid={`open-review-${version.file_name}`}>
                <Link to={fileLinkOf(version)}>{version.file_name}</Link> · {version.original_filename} ·{' '}
                {t('files.approval.in_folder', { folder: placeOf(version) })} ·{' '}
                {t('files.approval.uploaded_by', { name: version.author_name })} · {when(version.created_at)}{' '}
                <DecisionButtons version={version} decide={decide} testIds={[`open-review-approve-${version.file_name}`, `open-review-decline-${version.file_name}`]} />
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <div role="tabpanel" data-testid="approval-versions">
          {approval.data && versions.length === 0 ? <EmptyState title="files.approval.empty" testId="approval-empty" /> : null}
          <ul className="file-list">
            {versions.map((version) => (
              <li key={version.id} data-testid={`approval-${version.file_name}`}>
                <Link to={`${base}/${encodeURIComponent(version.file_id)}`}>{version.file_name}</Link> · {version.original_filename} · {version.author_name} · {when(version.created_at)}{' '}
                <DecisionButtons version={version} decide={decide} testIds={[`approve-${version.file_name}`, `decline-${version.file_name}`]} />
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
};
