import type { GroupCategoryAdministrationDto } from '@cn/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useOutletContext, useParams } from 'react-router-dom';
import { ApiError } from '../api/client';
import { loadOf } from '../api/load';
import { MemberPicker, type PickedMember } from '../appointments/MemberPicker';
import { EmptyState } from '../common/EmptyState';
import { LoadStatus } from '../common/LoadStatus';
import { ScopeDesigns } from '../designs/GroupDesignsPage';
import { refusalMessageKey } from '../i18n/refusal-message';
import { useSession } from '../session/SessionContext';
import { useToasts } from '../toasts/Toasts';
import { categoryAdministrationApi, categoryAdministrationKeys, useCategoryAdministration } from './category-administration-queries';

/** the category the nested pages administrate (read once by the layout) */
export const useAdministeredCategory = (): GroupCategoryAdministrationDto => useOutletContext<GroupCategoryAdministrationDto>();

const TABS = [
  { path: '', label: 'group_category_administration.tabs.overview', end: true },
  { path: 'designs', label: 'group_category_administration.tabs.designs', end: false },
  { path: 'navigation', label: 'group_category_administration.tabs.navigation', end: false },
  { path: 'statistics', label: 'group_category_administration.tabs.statistics', end: false },
] as const;

/**
 * /group-categories/{slug or id}/administration/…: a group category's administration for its
 * administrators and network administrators (auditors read). The server answers the flags; a member who
 * may not open it sees a refusal, never the pages.
 */
export const CategoryAdministrationLayout = () => {
  const { t } = useTranslation();
  const { categoryRef = '' } = useParams();
  const category = useCategoryAdministration(categoryRef);
  const load = loadOf(category);
  if (load.phase === 'failed' && (load.errorKey === 'forbidden' || load.errorKey === 'not_found')) {
    return (
      <section className="page">
        <EmptyState title={`group_category_administration.${load.errorKey}`} testId="category-administration-refused" />
      </section>
    );
  }
  if (load.phase !== 'loaded') {
    return (
      <section className="page">
        <LoadStatus load={load} onRetry={() => void category.refetch()} testId="category-administration" />
      </section>
    );
  }
  const data = load.data;
  const root = `/group-categories/${encodeURIComponent(categoryRef)}/administration`;
  return (
    <section className="page" data-testid="category-administration">
      <h1 className="page__title">{t('group_category_administration.title', { name: data.plural_name })}</h1>
      <nav className="tabs" aria-label={t('group_category_administration.tabs.label')}>
        {TABS.map((tab) => (
          <NavLink key={tab.path} to={tab.path ? `${root}/${tab.path}` : root} end={tab.end} className="tab" data-testid={`category-tab-${tab.path || 'overview'}`}>
            {t(tab.label)}
          </NavLink>
        ))}
      </nav>
      <Outlet context={data} />
    </section>
  );
};

/** Network administrators name the category's administrators with the member picker; one command per change. */
const AdministratorsManager = ({ category }: { category: GroupCategoryAdministrationDto }) => {
  const { t, i18n } = useTranslation();
  const { api } = useSession();
  const client = useQueryClient();
  const toasts = useToasts();
  const change = useMutation({
    mutationFn: ({ memberId, administrator }: { memberId: string; administrator: boolean }) => categoryAdministrationApi(api).setAdministrator(category.id, memberId, administrator),
    onSettled: () => client.invalidateQueries({ queryKey: categoryAdministrationKeys.all }),
  });
  const current: PickedMember[] = category.administrators;
  const onChange = (next: PickedMember[]) => {
    const added = next.filter((member) => !current.some((known) => known.id === member.id));
    const removed = current.filter((member) => !next.some((kept) => kept.id === member.id));
    for (const [members, administrator] of [[added, true], [removed, false]] as const) {
      for (const member of members) {
        change.mutate(
          { memberId: member.id, administrator },
          {
            onSuccess: () => toasts.show('success', administrator ? 'group_category_administration.administrator_added' : 'group_category_administration.administrator_removed'),
            onError: (error) => toasts.show('error', refusalMessageKey(i18n, error instanceof ApiError ? error.key : 'generic_error', ['group_category_administration.errors'])),
          },
        );
      }
    }
  };
  return (
    <div data-testid="category-administrators">
      <h2>{t('group_category_administration.administrators')}</h2>
      <p className="muted">{t('group_category_administration.administrators_hint')}</p>
      <MemberPicker label={t('group_category_administration.administrators')} name="category-administrators" value={current} onChange={onChange} />
    </div>
  );
};

/** the overview: what the category's administration holds, and its administrators for network administrators */
export const CategoryAdministrationPage = () => {
  const { t } = useTranslation();
  const category = useAdministeredCategory();
  return (
    <div data-testid="category-administration-overview">
      <p className="muted">{t(category.can.administrate ? 'group_category_administration.intro' : 'group_category_administration.read_only')}</p>
      <p className="group-actions">
        {(['designs', 'navigation', 'statistics'] as const).map((part) => (
          <Link key={part} className="button button--quiet" to={part} data-testid={`category-open-${part}`}>
            {t(`group_category_administration.tabs.${part}`)}
          </Link>
        ))}
      </p>
      {category.can.manage_administrators ? <AdministratorsManager category={category} /> : null}
    </div>
  );
};

/** …/designs and …/designs/{designId}/edit: the category's designs, applied on its groups' pages unless a group has its own */
export const CategoryDesignsPage = () => {
  const category = useAdministeredCategory();
  const { categoryRef = '', designId } = useParams();
  return (
    <ScopeDesigns
      scope={['group-categories', category.id]}
      mayEdit={category.can.administrate}
      mayRead={category.can.view_administration}
      backTo={`/group-categories/${encodeURIComponent(categoryRef)}/administration`}
      hint="group_category_administration.designs_hint"
      editing={designId}
    />
  );
};
