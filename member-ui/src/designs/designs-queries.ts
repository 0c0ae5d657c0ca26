import { DEFAULT_DESIGN_COLORS, DESIGNS_COLLECTION, type ActiveDesignsResponse, type DesignDto } from '@cn/contracts';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import { baseName } from '../realtime/changes';
import type { LiveRoute } from '../realtime/LiveQueries';
import { useSession } from '../session/SessionContext';

export const designKeys = {
  all: ['designs'] as const,
  active: (group: string | null) => ['designs', 'active', group ?? ''] as const,
};

/** the group whose pages are open (`/groups/{slug}/…`), or null */
export const groupSlugOf = (pathname: string): string | null => {
  const match = /^\/groups\/([^/]+)/.exec(pathname);
  return match ? decodeURIComponent(match[1]) : null;
};

/** The active designs for the open page: the network's, and the group's on a group's pages. */
export const useActiveDesigns = () => {
  const { api } = useSession();
  const group = groupSlugOf(useLocation().pathname);
  return useQuery({
    queryKey: designKeys.active(group),
    queryFn: () => api.request<ActiveDesignsResponse>('GET', '/api/v1/designs/active', group ? { query: { group } } : undefined),
    staleTime: 60_000,
  });
};

/** the design a page shows: the group's over its category's over the network's */
export const appliedDesignOf = (active: ActiveDesignsResponse | undefined): DesignDto | null => active?.group ?? active?.group_category ?? active?.network ?? null;

/** the CSS variables a design sets (the console's own colours where it sets none) */
export const designVariables = (design: DesignDto | null): Record<string, string> => {
  const colors = design ?? DEFAULT_DESIGN_COLORS;
  return {
    '--accent': colors.primary_color,
    '--accent-strong': colors.primary_color,
    '--on-accent': colors.primary_text_color,
    '--canvas': colors.background_color,
  };
};

/** A design created, edited, activated or deleted: the open page reads the active designs again at once. */
export const designsLive: LiveRoute = (message, client) => {
  if (baseName(message.collection) !== DESIGNS_COLLECTION) return;
  void client.invalidateQueries({ queryKey: designKeys.all });
};
