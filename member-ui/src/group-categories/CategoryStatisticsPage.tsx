import { useMemo } from 'react';
import { scopeAdministrationApi } from '../navigation/scope-administration-api';
import { useSession } from '../session/SessionContext';
import { ScopeStatistics } from '../statistics/ScopeStatistics';
import { categoryAdministrationKeys, categoryAdministrationRoot } from './category-administration-queries';
import { useAdministeredCategory } from './CategoryAdministration';

/** …/statistics: the category's groups added up per day (members are memberships) */
export const CategoryStatisticsPage = () => {
  const category = useAdministeredCategory();
  const { api } = useSession();
  const root = categoryAdministrationRoot(category.slug);
  const calls = useMemo(() => scopeAdministrationApi(api, root), [api, root]);
  return (
    <ScopeStatistics
      calls={calls}
      queryKey={(from, to) => categoryAdministrationKeys.statistics(category.slug, from, to)}
      title="group_category_administration.tabs.statistics"
      membersLabel="group_category_administration.statistics.members"
      testId="category"
    />
  );
};
