import { GROUP_CATEGORIES_COLLECTION, STATISTICS_COLLECTION, type CommandAccepted, type GroupCategoryAdministrationDto } from '@cn/contracts';
import { useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../api/client';
import type { LiveRoute } from '../realtime/LiveQueries';
import { baseName } from '../realtime/changes';
import { useSession } from '../session/SessionContext';

export const categoryAdministrationKeys = {
  all: ['category-administration'] as const,
  one: (ref: string) => [...categoryAdministrationKeys.all, ref] as const,
  /** every category's statistics under one key: a statistics push reads the open ones again */
  allStatistics: () => [...categoryAdministrationKeys.all, '*statistics'] as const,
  statistics: (slug: string, from: string, to: string) => [...categoryAdministrationKeys.allStatistics(), slug, from, to] as const,
};

/** the root of a category's administration routes (navigation and statistics hang under it) */
export const categoryAdministrationRoot = (ref: string) => `/group-categories/${encodeURIComponent(ref)}/administration`;
const base = categoryAdministrationRoot;

/** the category's administration routes (the server decides who may call each) */
export const categoryAdministrationApi = (api: ApiClient) => ({
  show: (ref: string) => api.request<GroupCategoryAdministrationDto>('GET', base(ref)),
  setAdministrator: (categoryId: string, memberId: string, administrator: boolean) =>
    api.request<CommandAccepted>(administrator ? 'PUT' : 'DELETE', `/administration/group-categories/${encodeURIComponent(categoryId)}/administrators/${encodeURIComponent(memberId)}`),
});

/** the category an administration route names (slug or id) with the viewer's flags */
export const useCategoryAdministration = (ref: string) => {
  const { api } = useSession();
  return useQuery({ queryKey: categoryAdministrationKeys.one(ref), queryFn: () => categoryAdministrationApi(api).show(ref) });
};

/**
 * A category changed (its administrators): the open administration reads its flags again. A group's
 * statistics changed (any group's: the push names the group, not its category): the open category statistics are read again.
 */
export const categoryAdministrationLive: LiveRoute = (message, client) => {
  const collection = baseName(message.collection);
  if (collection === GROUP_CATEGORIES_COLLECTION) void client.invalidateQueries({ queryKey: categoryAdministrationKeys.all });
  else if (collection === STATISTICS_COLLECTION) void client.invalidateQueries({ queryKey: categoryAdministrationKeys.allStatistics() });
};
