import { WIDGETBARS_COLLECTION } from '@cn/contracts';
import { useQuery } from '@tanstack/react-query';
import type { LiveRoute } from '../realtime/LiveQueries';
import { baseName } from '../realtime/changes';
import { useSession } from '../session/SessionContext';
import { widgetBarsApi } from './widgetbars-api';

export const widgetBarKeys = {
  all: ['widgetbars'] as const,
  bar: (slug: string, groupId: string | null) => [...widgetBarKeys.all, groupId ?? 'network', slug] as const,
};

export const useWidgetBar = (slug: string, groupId: string | null = null) => {
  const { api } = useSession();
  return useQuery({ queryKey: widgetBarKeys.bar(slug, groupId), queryFn: () => widgetBarsApi(api).bar(slug, groupId), retry: false });
};

/**
 * A saved bar, a member who registered, changed or was locked, and presence reach the open bars: the
 * server names the change, each bar reads its own view again.
 */
export const widgetBarsLive: LiveRoute = (message, client) => {
  if (baseName(message.collection) === WIDGETBARS_COLLECTION) void client.invalidateQueries({ queryKey: widgetBarKeys.all });
};
