import { SEARCH_INPUT_DEBOUNCE_MS } from '@cn/contracts';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Icon } from '../common/Icon';
import { useDebouncedCallback } from '../common/useDebouncedCallback';

export const searchPath = (query: string, groupSlug: string | null = null): string =>
  `${groupSlug ? `/groups/${encodeURIComponent(groupSlug)}` : ''}/search?q=${encodeURIComponent(query.trim())}`;

/** the group whose pages are open (its search is the group's), null elsewhere */
export const groupOfPath = (pathname: string): string | null => {
  const match = /^\/groups\/([^/]+)(\/|$)/.exec(pathname);
  // /groups/new/{category} founds a group: no group's pages yet
  return match?.[1] && match[1] !== 'new' ? decodeURIComponent(match[1]) : null;
};

/** Header search: typing leads to /search?q= (inside a group: the group's search) after 300 ms, Enter at once. */
export const SearchBar = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const groupSlug = groupOfPath(pathname);
  const onSearchPage = pathname === '/search' || /^\/groups\/[^/]+\/search$/.test(pathname);
  const urlQuery = onSearchPage ? (params.get('q') ?? '') : '';
  const [value, setValue] = useState(urlQuery);
  const inputId = useId();

  useEffect(() => {
    if (onSearchPage) setValue(urlQuery);
  }, [onSearchPage, urlQuery]);

  const go = (query: string) => {
    if (!query.trim() && !onSearchPage) return;
    void navigate(searchPath(query, groupSlug), { replace: onSearchPage });
  };
  const debounced = useDebouncedCallback(go, SEARCH_INPUT_DEBOUNCE_MS);

  return (
    <form
      className="search-bar"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        debounced.cancel();
        void navigate(searchPath(value, groupSlug), { replace: onSearchPage });
      }}
    >
      <label className="visually-hidden" htmlFor={inputId}>
        {t('header.search_label')}
      </label>
      <Icon name="search" />
      <input
        id={inputId}
        // text with the searchbox role: the page's own search field (e.g. the directory's) stays the first type=search
        type="text"
        role="searchbox"
        inputMode="search"
        enterKeyHint="search"
        name="q"
        data-testid="global-search"
        placeholder={t('header.search_placeholder')}
        value={value}
        autoComplete="off"
        onChange={(event) => {
          setValue(event.target.value);
          debounced.run(event.target.value);
        }}
      />
    </form>
  );
};
