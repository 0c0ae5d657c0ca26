import { DIRECTORY_SEARCH_DEBOUNCE_MS, DIRECTORY_TOO_LARGE } from '@cn/contracts';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { loadOf } from '../api/load';
import { EmptyState } from '../common/EmptyState';
import { LoadStatus } from '../common/LoadStatus';
import { useDebouncedCallback } from '../common/useDebouncedCallback';
import { usePageTitle } from '../common/usePageTitle';
import { useSignedIn } from '../session/SessionContext';
import { useDirectoryMembers } from './directory-queries';
import { MemberRow } from './MemberRow';
import { Pagination } from './Pagination';
import { MapToggle } from '../map/MapToggle';

const pageOf = (value: string | null): number => {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
};

/** /directory/members: free-text search (debounced), rows, pagination. */
export const DirectoryMembersPage = () => {
  const { t } = useTranslation();
  const { network } = useSignedIn();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = pageOf(params.get('page'));
  const [input, setInput] = useState(q);
  const members = useDirectoryMembers({ q, page });
  const load = loadOf(members);
  const inputId = useId();
  usePageTitle('directory.members_title');

  useEffect(() => setInput(q), [q]);

  const applyQuery = useDebouncedCallback((value: string) => {
    const next = new URLSearchParams();
    if (value.trim()) next.set('q', value.trim());
    setParams(next, { replace: true });
  }, DIRECTORY_SEARCH_DEBOUNCE_MS);

  const goTo = (next: number) => {
    const search = new URLSearchParams(params);
    search.set('page', String(next));
    setParams(search);
    document.getElementById('main')?.scrollTo?.({ top: 0 });
  };

  const showPresence = network.show_online_status !== 'disabled';

  return (
    <div className="directory" data-testid="directory-members">
      <MapToggle listPath="/directory/members" mapPath="/members/map" />
      <form className="directory__search" role="search" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor={inputId} className="visually-hidden">
          {t('directory.search_label')}
        </label>
        <input
          id={inputId}
          type="search"
          name="q"
          data-testid="directory-search"
          placeholder={t('directory.search_placeholder')}
          value={input}
          autoComplete="off"
          onChange={(event) => {
            setInput(event.target.value);
            applyQuery.run(event.target.value);
          }}
        />
      </form>
      <LoadStatus load={load} onRetry={() => void members.refetch()} testId="directory" />
      {load.phase === 'loaded' ? (
        load.data.pagination.total > DIRECTORY_TOO_LARGE ? (
          <div className="alert" role="status" data-testid="directory-too-large">
            {t('directory.too_large', { max: DIRECTORY_TOO_LARGE })}
          </div>
        ) : load.data.entries.length === 0 ? (
          <EmptyState title="directory.empty_title" text={q ? 'directory.empty_search' : 'directory.empty_text'} testId="directory-empty" />
        ) : (
          <>
            <p className="muted directory__count" data-testid="directory-total">
              {t('directory.total', { count: load.data.pagination.total })}
            </p>
            <ul className="member-list">
              {load.data.entries.map((member) => (
                <MemberRow key={member.id} member={member} showPresence={showPresence} />
              ))}
            </ul>
            <Pagination page={load.data.pagination.page} totalPages={load.data.pagination.total_pages} onPage={goTo} />
          </>
        )
      ) : null}
    </div>
  );
};
