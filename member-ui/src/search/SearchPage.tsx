import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { EmptyState } from '../common/EmptyState';
import { usePageTitle } from '../common/usePageTitle';

/** Global search scopes (messages-files-admin-members-groups.md §2, calendars-appointments-search.md §2). */
export const SEARCH_SCOPES = ['global', 'activities', 'messages', 'files', 'appointments', 'pages', 'items'] as const;
type SearchScope = (typeof SEARCH_SCOPES)[number];

const scopeOf = (value: string | null): SearchScope => SEARCH_SCOPES.find((scope) => scope === value) ?? 'global';

/** /search?q=&module=: the scopes are in place; results arrive with the search issue. */
export const SearchPage = () => {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const scope = scopeOf(params.get('module'));
  usePageTitle('features.search.title');

  return (
    <section className="page" data-testid="search-page">
      <h1 className="page__title">{q ? t('search.results_for', { q }) : t('features.search.title')}</h1>
      <div className="chips" role="group" aria-label={t('search.scopes_label')}>
        {SEARCH_SCOPES.map((option) => (
          <button
            key={option}
            type="button"
            className="chip"
            aria-pressed={option === scope}
            data-testid={`search-scope-${option}`}
            onClick={() => {
              const next = new URLSearchParams(params);
              if (option === 'global') next.delete('module');
              else next.set('module', option);
              setParams(next, { replace: true });
            }}
          >
            {t(`search.scopes.${option}`)}
          </button>
        ))}
      </div>
      <EmptyState title={q ? 'search.empty_title' : 'search.start_title'} text={q ? 'search.empty_text' : 'search.start_text'} />
    </section>
  );
};
