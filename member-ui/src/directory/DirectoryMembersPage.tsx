import { DIRECTORY_SEARCH_DEBOUNCE_MS, DIRECTORY_TOO_LARGE, type DirectoryMembersResponse, type MemberDto } from '@cn/contracts';
import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { errorKeyOf } from '../api/client';
import { EmptyState } from '../common/EmptyState';
import { useDebouncedCallback } from '../common/useDebouncedCallback';
import { usePageTitle } from '../common/usePageTitle';
import { useSession, useSignedIn } from '../session/SessionContext';
import { MemberRow } from './MemberRow';
import { Pagination } from './Pagination';
import { useLivePresence, withStatus } from './useLivePresence';
import { LoadStatus } from '../shell/LoadStatus';

type Load =
  | { phase: 'loading' }
  | { phase: 'failed'; errorKey: string }
  | { phase: 'loaded'; entries: MemberDto[]; pagination: DirectoryMembersResponse['pagination'] };

const pageOf = (value: string | null): number => {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
};

/** /directory/members: free-text search (debounced), rows, pagination. */
export const DirectoryMembersPage = () => {
  const { t } = useTranslation();
  const { api } = useSession();
  const { network } = useSignedIn();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = pageOf(params.get('page'));
  const [input, setInput] = useState(q);
  const [load, setLoad] = useState<Load>({ phase: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const inputId = useId();
  usePageTitle('directory.members_title');

  useEffect(() => setInput(q), [q]);

  const applyQuery = useDebouncedCallback((value: string) => {
    const next = new URLSearchParams();
    if (value.trim()) next.set('q', value.trim());
    setParams(next, { replace: true });
  }, DIRECTORY_SEARCH_DEBOUNCE_MS);

  useEffect(() => {
    let current = true;
    setLoad((previous) => (previous.phase === 'loaded' ? previous : { phase: 'loading' }));
    api
      .directoryMembers({ q, page })
      .then((response) => {
        if (current) setLoad({ phase: 'loaded', entries: response.entries, pagination: response.pagination });
      })
      .catch((error: unknown) => {
        if (current) setLoad({ phase: 'failed', errorKey: errorKeyOf(error) });
      });
    return () => {
      current = false;
    };
  }, [api, q, page, attempt]);

  const updatePresence = useCallback((memberId: string, status: MemberDto['status']) => {
    setLoad((previous) =>
      previous.phase === 'loaded' && previous.entries.some((entry) => entry.id === memberId)
        ? { ...previous, entries: previous.entries.map((entry) => (entry.id === memberId ? withStatus(entry, status) : entry)) }
        : previous,
    );
  }, []);
  useLivePresence(updatePresence);

  const goTo = (next: number) => {
    const search = new URLSearchParams(params);
    search.set('page', String(next));
    setParams(search);
    document.getElementById('main')?.scrollTo?.({ top: 0 });
  };

  const showPresence = network.show_online_status !== 'disabled';

  return (
    <div className="directory" data-testid="directory-members">
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
      <LoadStatus load={load} onRetry={() => setAttempt((value) => value + 1)} testId="directory" />
      {load.phase === 'loaded' ? (
        load.pagination.total > DIRECTORY_TOO_LARGE ? (
          <div className="alert" role="status" data-testid="directory-too-large">
            {t('directory.too_large', { max: DIRECTORY_TOO_LARGE })}
          </div>
        ) : load.entries.length === 0 ? (
          <EmptyState title="directory.empty_title" text={q ? 'directory.empty_search' : 'directory.empty_text'} testId="directory-empty" />
        ) : (
          <>
            <p className="muted directory__count" data-testid="directory-total">
              {t('directory.total', { count: load.pagination.total })}
            </p>
            <ul className="member-list">
              {load.entries.map((member) => (
                <MemberRow key={member.id} member={member} showPresence={showPresence} />
              ))}
            </ul>
            <Pagination page={load.pagination.page} totalPages={load.pagination.total_pages} onPage={goTo} />
          </>
        )
      ) : null}
    </div>
  );
};
