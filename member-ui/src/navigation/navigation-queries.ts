import { NAVIGATION_COLLECTION, type NavigationResponse } from '@cn/contracts';
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

/** A saved navigation reaches every open console: the left navigation reads it again. */
export const navigationLive: LiveRoute = (message, client) => {
  if (baseName(message.collection) !== NAVIGATION_COLLECTION) return;
  void client.invalidateQueries({ queryKey: navigationKeys.all });
};
