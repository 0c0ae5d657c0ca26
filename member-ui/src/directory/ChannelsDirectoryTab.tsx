import { CHANNEL_LETTERS, DIRECTORY_SEARCH_DEBOUNCE_MS, DIRECTORY_TOO_LARGE } from '@cn/contracts';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { loadOf } from '../api/load';
import { EmptyState } from '../common/EmptyState';
import { LoadStatus } from '../common/LoadStatus';
import { useDebouncedCallback } from '../common/useDebouncedCallback';
import { usePageTitle } from '../common/usePageTitle';
import { useChannelDirectory } from '../channels/channels-queries';
import { StatusBadge } from '../channels/ChannelPage';
import { useSignedIn } from '../session/SessionContext';
import { Pagination } from './Pagination';
import { channelImageAt } from '../channels/channel-images';

const pageOf = (value: string | null): number => {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
};

/**
 * /directory/channels (and /channels): free-text search, the A–Z letter filter, 'only subscribed', the
 * create button for who may create channels, and the page in the URL.
 */
export const ChannelsDirectoryTab = () => {
  const { t } = useTranslation();
  const { can } = useSignedIn();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const letter = params.get('letter') ?? '';
  const onlySubscribed = params.get('only_subscribed') === 'true';
  const page = pageOf(params.get('page'));
  const [input, setInput] = useState(q);
  const channels = useChannelDirectory({ q, letter, only_subscribed: onlySubscribed, page });
  const load = loadOf(channels);
  const inputId = useId();
  usePageTitle('channels.directory.title');

  useEffect(() => setInput(q), [q]);

  /** a new filter starts at page 1 */
  const apply = (change: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(change)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    next.delete('page');
    setParams(next, { replace: true });
  };
  const applyQuery = useDebouncedCallback((value: string) => apply({ q: value.trim() || null }), DIRECTORY_SEARCH_DEBOUNCE_MS);
  const goTo = (next: number) => {
    const search = new URLSearchParams(params);
    search.set('page', String(next));
    setParams(search);
    document.getElementById('main')?.scrollTo?.({ top: 0 });
  };

  return (
    <div className="directory channel-directory" data-testid="directory-channels">
      <div className="channel-directory__bar">
        <form className="directory__search" role="search" onSubmit={(event) => event.preventDefault()}>
          <label htmlFor={inputId} className="visually-hidden">
            {t('channels.directory.search_label')}
          </label>
          <input
            id={inputId}
            type="search"
            name="q"
            data-testid="channel-search"
            placeholder={t('channels.directory.search_placeholder')}
            value={input}
            autoComplete="off"
            onChange={(event) => {
              setInput(event.target.value);
              applyQuery.run(event.target.value);
            }}
          />
        </form>
        <label className="checkbox">
          <input type="checkbox" checked={onlySubscribed} data-testid="only-subscribed" onChange={(event) => apply({ only_subscribed: event.target.checked ? 'true' : null })} />{' '}
          {t('channels.directory.only_subscribed')}
        </label>
        {can.create_channels ? (
          <Link className="button" to="/channels/new" data-testid="create-channel">
            {t('channels.directory.create')}
          </Link>
        ) : null}
      </div>
      <nav className="letter-filter" aria-label={t('channels.directory.letters')} data-testid="letter-filter">
        <button type="button" className="letter-filter__letter" aria-pressed={letter === ''} onClick={() => apply({ letter: null })}>
          {t('channels.directory.all_letters')}
        </button>
        {CHANNEL_LETTERS.map((candidate) => (
          <button
            key={candidate}
            type="button"
            className="letter-filter__letter"
            aria-pressed={letter === candidate}
            data-testid={`letter-${candidate}`}
            onClick={() => apply({ letter: letter === candidate ? null : candidate })}
          >
            {candidate}
          </button>
        ))}
      </nav>
      <LoadStatus load={load} onRetry={() => void channels.refetch()} testId="channel-directory" />
      {load.phase === 'loaded' ? (
        load.data.pagination.total > DIRECTORY_TOO_LARGE ? (
          <div className="alert" role="status">
            {t('directory.too_large', { max: DIRECTORY_TOO_LARGE })}
          </div>
        ) : load.data.entries.length === 0 ? (
          <EmptyState title="channels.directory.empty_title" text={q || letter || onlySubscribed ? 'channels.directory.empty_search' : 'channels.directory.empty_text'} testId="channel-directory-empty" />
        ) : (
          <>
            <p className="muted directory__count" data-testid="channel-directory-total">
              {t('channels.directory.total', { count: load.data.pagination.total })}
            </p>
            <ul className="channel-list">
              {load.data.entries.map((entry) => (
                <li key={entry.id} className="channel-list__entry" data-testid="channel-entry">
                  {entry.image ? <img className="channel-list__image" src={channelImageAt(entry.image, 'small')} alt="" /> : <span className="channel-list__image channel-list__image--initial" aria-hidden="true">{entry.title.charAt(0).toUpperCase()}</span>}
                  <div className="channel-list__text">
                    <Link to={`/channels/${encodeURIComponent(entry.slug)}`} className="channel-list__title">
                      {entry.title}
                    </Link>{' '}
                    <StatusBadge status={entry.status} />
                    {entry.description ? <p className="muted channel-list__description">{entry.description}</p> : null}
                  </div>
                  <span className="muted channel-list__count">
                    {t('channels.subscribers', { count: entry.subscribers_count })}
                    {entry.is_subscribed ? ` · ${t('channels.directory.subscribed')}` : ''}
                  </span>
                </li>
              ))}
            </ul>
            <Pagination page={load.data.pagination.page} totalPages={load.data.pagination.total_pages} onPage={goTo} />
          </>
        )
      ) : null}
    </div>
  );
};
