import {
  GROUP_CATEGORIES_COLLECTION,
  GROUPS_COLLECTION,
  NAVIGATION_COLLECTION,
  PUBLIC_NAVIGATION_TOPIC,
  type AdministrationNavigationResponse,
  type NavigationResponse,
  type PublicNavigationResponse,
} from '@cn/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { LiveRoute } from '../realtime/LiveQueries';
import { baseName } from '../realtime/changes';
import { openVisitorRealtime } from '../realtime/realtime-connection';
import { RECONNECTED } from '../realtime/topics';
import { useSession } from '../session/SessionContext';

export const navigationKeys = { all: ['site-navigation'] as const };

/** The network's navigation the administrators edit (empty: the console's own modules only). */
export const useNetworkNavigation = () => {
  const { api } = useSession();
  return useQuery({ queryKey: navigationKeys.all, queryFn: () => api.request<NavigationResponse>('GET', '/api/v1/navigation') });
};

const publicNavigationKey = [...navigationKeys.all, 'public'] as const;

/** The navigation's public items, for a signed-out visitor (under the same key: a pushed change reads it again). */
export const usePublicNavigation = (enabled: boolean) => {
  const { api } = useSession();
  return useQuery({ queryKey: publicNavigationKey, queryFn: () => api.request<PublicNavigationResponse>('GET', '/api/v1/navigation/public'), enabled });
};

/**
 * While a signed-out visitor's page shows the public navigation, the visitors' socket (no session, public
 * topics only) tells it of a saved navigation, and after a break or a read older than the watch it reads
 * the items again too. A signed-in member's console follows the navigation on its own channel instead.
 */
export const usePublicNavigationLive = (enabled: boolean, open = openVisitorRealtime): void => {
  const { api } = useSession();
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled) return undefined;
    return open(
      [PUBLIC_NAVIGATION_TOPIC],
      (message) => {
        if (message.collection === RECONNECTED || baseName(message.collection) === NAVIGATION_COLLECTION) void client.invalidateQueries({ queryKey: publicNavigationKey });
      },
      api.readBehind,
    );
  }, [enabled, open, api, client]);
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
