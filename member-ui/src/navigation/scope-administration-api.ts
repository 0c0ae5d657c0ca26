import { navigationBodyOf, type CommandAccepted, type NavigationItem, type NavigationResponse, type StatisticsResponse } from '@cn/contracts';
import type { ApiClient } from '../api/client';

/**
 * The navigation and statistics routes a scope's administration offers under its root
 * (`/groups/{slug}/administration`, `/group-categories/{slug}/administration`); the server decides who may call each.
 */
export const scopeAdministrationApi = (api: ApiClient, root: string) => ({
  navigation: () => api.request<NavigationResponse>('GET', `${root}/navigation.json`),
  saveNavigation: (navigation_items: NavigationItem[], revision: number) => api.request<CommandAccepted>('PUT', `${root}/navigation`, { body: navigationBodyOf(navigation_items, revision) }),
  statistics: (from: string, to: string) => api.request<StatisticsResponse>('GET', `${root}/statistics`, { query: { from, to } }),
});

export type ScopeAdministrationApi = ReturnType<typeof scopeAdministrationApi>;
