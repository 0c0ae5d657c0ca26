import { useMemo } from 'react';
import { EmptyState } from '../common/EmptyState';
import { ScopeNavigationEditor } from '../navigation/ScopeNavigationEditor';
import { scopeAdministrationApi } from '../navigation/scope-administration-api';
import { useSession } from '../session/SessionContext';
import { ScopeStatistics } from '../statistics/ScopeStatistics';
import { groupsKeys } from './groups-queries';
import { useCurrentGroup } from './GroupLayout';

export const groupAdministrationRoot = (slug: string) => `/groups/${encodeURIComponent(slug)}/administration`;

const useGroupAdministrationApi = (slug: string) => {
  const { api } = useSession();
  const root = groupAdministrationRoot(slug);
  return { root, calls: useMemo(() => scopeAdministrationApi(api, root), [api, root]) };
};

/** /groups/{slug}/administration/navigation: the group's navigation, for those the group's can.edit_navigation names */
export const GroupNavigationPage = () => {
  const group = useCurrentGroup();
  const { root, calls } = useGroupAdministrationApi(group.slug);
  if (!group.can.edit_navigation) return <EmptyState title="groups.administration.forbidden" testId="group-navigation-forbidden" />;
  return <ScopeNavigationEditor root={root} calls={calls} readOnly={false} title="groups.administration.navigation" testId="group" />;
};

/** /groups/{slug}/administration/statistics: the group's members and activity per day, for those its can.view_statistics names */
export const GroupStatisticsPage = () => {
  const group = useCurrentGroup();
  const { calls } = useGroupAdministrationApi(group.slug);
  if (!group.can.view_statistics) return <EmptyState title="groups.administration.forbidden" testId="group-statistics-forbidden" />;
  return <ScopeStatistics calls={calls} queryKey={(from, to) => groupsKeys.statistics(group.slug, from, to)} title="groups.administration.statistics" membersLabel="groups.administration.members" testId="group" />;
};
