import {
  GROUP_CATEGORIES_COLLECTION,
  GROUPS_COLLECTION,
  NAVIGATION_COLLECTION,
  type AdministrationNavigationResponse,
  type NavigationResponse,
  type PublicNavigationResponse,
} from '@cn/contracts';
import { useQuery } from '@tanstack/react-query';
import type { LiveRoute } from '../realtime/LiveQueries';
import { baseName } from '../realtime/changes';
import { useSession } from '../session/SessionContext';

export const navigationKeys = { all: ['site-navigation'] as const };

/** The network's navigation the administrators edit (empty: the console's own modules only). */
export const useNetworkNavigation = () => {
  const { api } = useSession();
  return useQuery({ queryKey: navigationKeys.all, queryFn: () => api.request<NavigationResponse>('GET', '/api/v1/navigation') });
};

/** The navigation's public items, for a signed-out visitor (under the same key: a pushed change reads it again). */
export const usePublicNavigation = (enabled: boolean) => {
  const { api } = useSession();
  return useQuery({ queryKey: [...navigationKeys.all, 'public'], queryFn: () => api.request<PublicNavigationResponse>('GET', '/api/v1/navigation/public'), enabled });
};

/** A saved navigation reaches every open console: the left navigation reads it again. */
export const navigationLive: LiveRoute = (message, client) => {
  if (baseName(message.collection) !== NAVIGATION_COLLECTION) return;
  void client.invalidateQueries({ queryKey: navigationKeys.all });
};

export const administrationNavigationKeys = { all: ['administration-navigation'] as const };

/**
 * The administration screens and administered groups the server says this member may open (computed from
 * the routes' own guard rule, never from the console). Keyed by the session's flags: a role change that
 * reaches the session reads the list again.
 */
export const useAdministrationNavigation = () => {
  const { api, state } = useSession();
  const can = state.phase === 'ready' ? state.can : null;
  return useQuery({
    queryKey: [...administrationNavigationKeys.all, can?.administrate ?? false, can?.audit ?? false],
    queryFn: () => api.request<AdministrationNavigationResponse>('GET', '/api/v1/navigation/administration'),
  });
};

/** A group or a category whose administrators changed: the administered groups and categories may have too. */
export const administrationNavigationLive: LiveRoute = (message, client) => {
  const collection = baseName(message.collection);
  if (collection !== GROUPS_COLLECTION && collection !== GROUP_CATEGORIES_COLLECTION) return;
  void client.invalidateQueries({ queryKey: administrationNavigationKeys.all });
};
