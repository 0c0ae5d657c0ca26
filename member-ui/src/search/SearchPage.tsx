import { SEARCH_SORTS, type GlobalSearchResponse, type SearchHit, type SearchModule, type SearchModuleResult, type SearchPersonRef, type SearchSort } from '@cn/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { loadOf } from '../api/load';
import { EmptyState } from '../common/EmptyState';
import { LoadStatus } from '../common/LoadStatus';
import { usePageTitle } from '../common/usePageTitle';
import { Pagination } from '../directory/Pagination';
import { GroupImage } from '../groups/GroupImage';
import { useSearch } from './search-api';
import './search.css';

/** the escaped snippet of a hit as text (the server escapes; the console never renders it as html) */
export const snippetText = (html: string): string =>
  html.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

const sortOf = (value: string | null): SearchSort => SEARCH_SORTS.find((sort) => sort === value) ?? 'score,asc';
const sortKey = (sort: SearchSort): string => sort.replace(',', '_');

const PersonName = ({ person }: { person: SearchPersonRef }) => {
  const { t } = useTranslation();
  return <>{person.deleted ? t('search.deleted_member') : person.display_name}</>;
};

/** one hit: its link, what it is and its snippet */
const Hit = ({ hit }: { hit: SearchHit }) => {
  const { t, i18n } = useTranslation();
  const snippet = snippetText(hit.html_content);
  const title = hit.module === 'activities' && hit.activity ? null : hit.title;
  return (
    <li className="search-hit" data-testid={`search-hit-${hit.module}`}>
      {hit.group ? <GroupImage group={{ id: hit.group.id, name: hit.group.name, profile_image: hit.group.images?.small }} size="small" /> : null}
      <Link className="search-hit__title" to={hit.html_url} data-testid="search-hit-link">
        {hit.activity ? <PersonName person={hit.activity.actor} /> : title || t('search.no_title')}
      </Link>
      <div className="search-hit__meta">
        {hit.activity ? (
          <>
            {hit.activity.object.type === 'reply' ? <span>{t('search.reply')}</span> : null}
            {hit.activity.activitystreams.map((stream) => (
              <span key={stream.slug}>{stream.name || t('search.network_stream')}</span>
            ))}
          </>
        ) : null}
        {hit.message ? (
          <>
            <span>{t('search.by', { name: hit.message.author.deleted ? t('search.deleted_member') : hit.message.author.display_name })}</span>
            {hit.message.to.length > 0 ? <span>{t('search.to', { names: hit.message.to.map((person) => (person.deleted ? t('search.deleted_member') : person.display_name)).join(', ') })}</span> : null}
          </>
        ) : null}
        {hit.appointment ? (
          <>
            <time dateTime={hit.appointment.date.start}>{new Date(hit.appointment.date.start).toLocaleString(i18n.language)}</time>
            {hit.appointment.calendars.map((calendar) => (
              <span key={calendar.id} style={{ borderLeft: `4px solid #${calendar.color}`, paddingLeft: '0.35rem' }}>
                {calendar.name}
              </span>
            ))}
            {hit.appointment.canceled ? <span className="badge">{t('search.canceled')}</span> : null}
          </>
        ) : null}
        {hit.file?.group ? <span>{hit.file.group.name}</span> : null}
        {hit.file?.locked ? (
          <span data-testid="search-hit-locked" title={t('search.locked')} aria-label={t('search.locked')}>
            🔒
          </span>
        ) : null}
        {hit.member?.is_network_admin ? <span className="badge badge--admin">{t('search.admin_badge')}</span> : null}
        {hit.member?.is_external ? <span className="badge badge--external">{t('search.external_badge')}</span> : null}
        {hit.item ? <span>{hit.item.app_name}</span> : null}
        {hit.item?.archived ? <span className="badge">{t('search.archived')}</span> : null}
        {hit.page?.visibility === 'internal' ? <span className="badge">{t('pages.internal')}</span> : null}
        {hit.article ? <span>{t('search.in_channel', { channel: hit.article.channel_title })}</span> : null}
        {hit.article?.author ? <PersonName person={hit.article.author} /> : null}
        {hit.tag ? <span>{t('search.tag_used', { count: hit.tag.item_count })}</span> : null}
        {hit.created_at && !hit.appointment ? <time dateTime={hit.created_at}>{new Date(hit.created_at).toLocaleDateString(i18n.language)}</time> : null}
      </div>
      {snippet ? <p className="search-hit__snippet">{snippet}</p> : null}
    </li>
  );
};

const ModuleHits = ({ result }: { result: SearchModuleResult }) => (
  <ul className="search-hits">
    {result.hits.map((hit) => (
      <Hit key={`${hit.module}:${hit.id}`} hit={hit} />
    ))}
  </ul>
);

/**
 * /search and /groups/{groupSlug}/search (?q=&module=&page=&sort_by=): the filter bar with one button per
 * module and its count, the overview (first 5 hits of each module) or one module's pages, and inside a
 * group a button to search the whole network.
 */
export const SearchPage = () => {
  const { t } = useTranslation();
  const { groupSlug = null } = useParams<{ groupSlug: string }>();
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const moduleParam = params.get('module');
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const sortBy = sortOf(params.get('sort_by'));
  const query = useSearch({ q, module: (moduleParam as SearchModule | null) ?? null, page, sort_by: sortBy, groupSlug });
  const load = loadOf(query);
  const answer: GlobalSearchResponse | null = load.phase === 'loaded' ? load.data : null;
  usePageTitle('features.search.title');

  const change = (next: Record<string, string | null>) => {
    const updated = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value === null) updated.delete(key);
      else updated.set(key, value);
    }
    setParams(updated, { replace: false });
  };
  const heading = q
    ? answer?.group
      ? t('search.results_in_group', { q, group: answer.group.name })
      : t('search.results_for', { q })
    : t('features.search.title');
  const total = answer ? answer.counts.reduce((sum, entry) => sum + entry.count, 0) : 0;

  return (
    <section className="page" data-testid="search-page">
      <h1 className="page__title">{heading}</h1>
      {q === '' ? (
        <EmptyState title="search.start_title" text="search.start_text" />
      ) : (
        <>
          <div className="search-toolbar">
            <div className="chips" role="group" aria-label={t('search.modules_label')} data-testid="search-modules">
              <button type="button" className="chip" aria-pressed={moduleParam === null} data-testid="search-module-all" onClick={() => change({ module: null, page: null })}>
                {t('search.all')}
                {answer ? <span className="chip__count">{total}</span> : null}
              </button>
              {(answer?.counts ?? []).map((entry) => (
                <button
                  key={entry.module}
                  type="button"
                  className="chip"
                  aria-pressed={moduleParam === entry.module}
                  data-testid={`search-module-${entry.module}`}
                  onClick={() => change({ module: entry.module, page: null })}
                >
                  {t(`search.modules.${entry.module}`)}
                  <span className="chip__count" data-testid={`search-count-${entry.module}`}>
                    {entry.count}
                  </span>
                </button>
              ))}
              {groupSlug ? (
                <Link className="chip" to={`/search?q=${encodeURIComponent(q)}`} data-testid="search-globally">
                  {t('search.search_globally')}
                </Link>
              ) : null}
            </div>
            <label className="search-sort">
              {t('search.sort_label')}
              <select value={sortBy} data-testid="search-sort" onChange={(event) => change({ sort_by: event.target.value === 'score,asc' ? null : event.target.value, page: null })}>
                {SEARCH_SORTS.map((sort) => (
                  <option key={sort} value={sort}>
                    {t(`search.sorts.${sortKey(sort)}`)}
                  </option>
                ))}
              </select>
            </label>
          </div>
          {load.phase === 'failed' ? (
            <div className="alert alert--error" role="alert" data-testid="search-error">
              {t('search.loading_error')}{' '}
              <button type="button" className="button button--quiet" onClick={() => void query.refetch()}>
                {t('common.retry')}
              </button>
            </div>
          ) : (
            <LoadStatus load={load} onRetry={() => void query.refetch()} testId="search" />
          )}
          {answer && answer.results.every((result) => result.hits.length === 0) ? (
            <EmptyState title="search.no_results" testId="search-empty">
              <p>{t('search.no_results_text', { q })}</p>
            </EmptyState>
          ) : null}
          {answer && answer.module === null
            ? answer.results.map((result) => (
                <section key={result.module} className="search-module" data-testid={`search-section-${result.module}`}>
                  <div className="search-module__head">
                    <h2>{t(`search.modules.${result.module}`)}</h2>
                    {result.total > result.hits.length ? (
                      <button type="button" className="button button--quiet" onClick={() => change({ module: result.module, page: null })}>
                        {t('search.show_all', { count: result.total })}
                      </button>
                    ) : null}
                  </div>
                  <ModuleHits result={result} />
                </section>
              ))
            : null}
          {answer && answer.module !== null
            ? answer.results.map((result) => (
                <section key={result.module} className="search-module" data-testid={`search-section-${result.module}`}>
                  <ModuleHits result={result} />
                  {answer.pagination ? <Pagination page={answer.pagination.page} totalPages={answer.pagination.total_pages} onPage={(next) => change({ page: String(next) })} /> : null}
                </section>
              ))
            : null}
        </>
      )}
    </section>
  );
};
