import { DIRECTORY_SEARCH_DEBOUNCE_MS } from '@cn/contracts';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useParams, useSearchParams } from 'react-router-dom';
import { loadOf } from '../api/load';
import { EmptyState } from '../common/EmptyState';
import { LoadStatus } from '../common/LoadStatus';
import { useDebouncedCallback } from '../common/useDebouncedCallback';
import { usePageTitle } from '../common/usePageTitle';
import { Pagination } from '../directory/Pagination';
import { useLiveTopic } from '../realtime/LiveQueries';
import { GroupBadges, MembershipActions } from './GroupActions';
import { useGroupCategories, useGroupDirectory } from './groups-queries';
import './groups.css';
import { GroupImage } from './GroupImage';

const pageOf = (value: string | null): number => {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
};

/** The directory's tabs of the group categories, in their order (hidden categories without groups are left out by the server). */
export const GroupCategoryTabs = () => {
  const categories = useGroupCategories();
  return (
    <>
      {(categories.data?.group_categories ?? []).map((category) => (
        <NavLink key={category.slug} to={`/directory/${category.slug}`} className="tab" data-testid={`directory-tab-${category.slug}`}>
          {category.plural_name}
        </NavLink>
      ))}
    </>
  );
};

/** /directory/{categorySlug}: the category's groups with badges, counts, teaser and the actions of each membership. */
export const DirectoryGroupsPage = () => {
  const { t } = useTranslation();
  const { categorySlug = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = pageOf(params.get('page'));
  const [input, setInput] = useState(q);
  const directory = useGroupDirectory(categorySlug, { q, page });
  const categories = useGroupCategories();
  const load = loadOf(directory);
  const inputId = useId();
  const category = categories.data?.group_categories.find((candidate) => candidate.slug === categorySlug);
  usePageTitle('groups.directory.title', { category: category?.plural_name ?? '' });
  useLiveTopic('groups');
  useEffect(() => setInput(q), [q]);

  const applyQuery = useDebouncedCallback((value: string) => {
    const next = new URLSearchParams();
    if (value.trim()) next.set('q', value.trim());
    setParams(next, { replace: true });
  }, DIRECTORY_SEARCH_DEBOUNCE_MS);

  if (load.phase === 'failed' && load.errorKey === 'not_found') {
    return <EmptyState title="groups.directory.category_not_found" testId="directory-category-not-found" />;
  }
  return (
    <div className="directory" data-testid={`directory-groups-${categorySlug}`}>
      <form className="directory__search" role="search" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor={inputId} className="visually-hidden">
          {t('groups.directory.search_label')}
        </label>
        <input
          id={inputId}
          type="search"
          value={input}
          autoComplete="off"
          placeholder={t('groups.directory.search_placeholder')}
          data-testid="directory-groups-search"
          onChange={(event) => {
            setInput(event.target.value);
            applyQuery.run(event.target.value);
          }}
        />
      </form>
      {category?.can.create ? (
        <p>
          <Link className="button" to={`/groups/new/${categorySlug}`} data-testid="directory-new-group">
            {t('groups.directory.new_group')}
          </Link>
        </p>
      ) : null}
      <LoadStatus load={load} onRetry={() => void directory.refetch()} testId="directory-groups" />
      {load.phase === 'loaded' ? (
        load.data.entries.length === 0 ? (
          <EmptyState title="groups.directory.empty_title" text={q ? 'groups.directory.empty_search' : 'groups.directory.empty_text'} testId="directory-groups-empty" />
        ) : (
          <>
            <ul className="group-list">
              {load.data.entries.map((group) => (
                <li key={group.id} className="group-row" data-testid={`group-row-${group.slug}`}>
                  <GroupImage group={group} size="small" />
                  <div className="group-row__main">
                    <Link to={`/groups/${group.slug}`} className="group-row__name">
                      {group.favorited ? <span aria-label={t('groups.favorite')}>★ </span> : null}
                      {group.name}
                    </Link>{' '}
                    <GroupBadges group={group} />
                    <p className="muted">
                      {t('groups.counts.members', { count: group.member_count })} · {t('groups.counts.activities', { count: group.activity_count })}
                    </p>
                    {group.teaser ? <p>{group.teaser}</p> : null}
                  </div>
                  <div className="group-actions">
                    <MembershipActions group={group} />
                  </div>
                </li>
              ))}
            </ul>
            <Pagination page={load.data.page} totalPages={load.data.total_pages} onPage={(next) => setParams({ ...(q ? { q } : {}), page: String(next) })} />
          </>
        )
      ) : null}
    </div>
  );
};
