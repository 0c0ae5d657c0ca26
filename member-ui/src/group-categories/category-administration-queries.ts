import { GROUP_CATEGORIES_COLLECTION, type CommandAccepted, type GroupCategoryAdministrationDto, type NavigationItem, type NavigationResponse, type StatisticsResponse } from '@cn/contracts';
import { useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../api/client';
import type { LiveRoute } from '../realtime/LiveQueries';
import { baseName } from '../realtime/changes';
import { useSession } from '../session/SessionContext';

export const categoryAdministrationKeys = {
  all: ['category-administration'] as const,
  one: (ref: string) => [...categoryAdministrationKeys.all, ref] as const,
  navigation: (slug: string) => [...categoryAdministrationKeys.all, slug, 'navigation'] as const,
  statistics: (slug: string, from: string, to: string) => [...categoryAdministrationKeys.all, slug, 'statistics', from, to] as const,
};

const base = (ref: string) => `/group-categories/${encodeURIComponent(ref)}/administration`;

/** the category's administration routes (the server decides who may call each) */
export const categoryAdministrationApi = (api: ApiClient) => ({
  show: (ref: string) => api.request<GroupCategoryAdministrationDto>('GET', base(ref)),
  navigation: (slug: string) => api.request<NavigationResponse>('GET', `${base(slug)}/navigation.json`),
  saveNavigation: (slug: string, navigation_items: NavigationItem[], revision: number) => api.request<CommandAccepted>('PUT', `${base(slug)}/navigation`, { body: { navigation_items, revision } }),
  statistics: (slug: string, from: string, to: string) => api.request<StatisticsResponse>('GET', `${base(slug)}/statistics`, { query: { from, to } }),
  setAdministrator: (categoryId: string, memberId: string, administrator: boolean) =>
    api.request<CommandAccepted>(administrator ? 'PUT' : 'DELETE', `/administration/group-categories/${encodeURIComponent(categoryId)}/administrators/${encodeURIComponent(memberId)}`),
});

/** the category an administration route names (slug or id) with the viewer's flags */
export const useCategoryAdministration = (ref: string) => {
  const { api } = useSession();
  return useQuery({ queryKey: categoryAdministrationKeys.one(ref), queryFn: () => categoryAdministrationApi(api).show(ref) });
};

/** a category changed (its administrators): the open administration reads its flags again */
export const categoryAdministrationLive: LiveRoute = (message, client) => {
  if (baseName(message.collection) !== GROUP_CATEGORIES_COLLECTION) return;
  void client.invalidateQueries({ queryKey: categoryAdministrationKeys.all });
};
