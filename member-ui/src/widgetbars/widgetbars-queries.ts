import { WIDGETBARS_COLLECTION, WIDGETBARS_ONLINE_TOPIC } from '@cn/contracts';
import type { Widget } from '@cn/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCommand } from '../api/useCommand';
import { useLiveTopic, type LiveRoute } from '../realtime/LiveQueries';
import { baseName } from '../realtime/changes';
import { useSession } from '../session/SessionContext';
import { widgetBarsApi } from './widgetbars-api';

export const widgetBarKeys = {
  all: ['widgetbars'] as const,
  bar: (slug: string, groupId: string | null) => [...widgetBarKeys.all, groupId ?? 'network', slug] as const,
};

export const useWidgetBarEditor = (groupId: string, slug: string, enabled: boolean) => {
  const { api } = useSession();
  useLiveTopic(WIDGETBARS_COLLECTION);
  return useQuery({ queryKey: [...widgetBarKeys.all, 'editor', groupId, slug], queryFn: () => widgetBarsApi(api).editor(groupId, slug), retry: false, enabled });
};

export const useWidgetBarCalendars = (groupId: string, enabled: boolean) => {
  const { api } = useSession();
  return useQuery({ queryKey: [...widgetBarKeys.all, 'calendars', groupId], queryFn: () => widgetBarsApi(api).calendars(groupId), enabled });
};

export const useSaveWidgetBar = (groupId: string, slug: string) => {
  const { api } = useSession();
  return useCommand(({ widgets, revision }: { widgets: readonly Widget[]; revision: number }) => widgetBarsApi(api).save(groupId, slug, widgets, revision), [widgetBarKeys.all]);
};

export const useWidgetBar = (slug: string, groupId: string | null = null) => {
  const { api } = useSession();
  // the server tells only consoles showing a bar of its changes, and of members coming online or going
  // offline only those showing an online-members widget
  useLiveTopic(WIDGETBARS_COLLECTION);
  const bar = useQuery({ queryKey: widgetBarKeys.bar(slug, groupId), queryFn: () => widgetBarsApi(api).bar(slug, groupId), retry: false });
  useLiveTopic(WIDGETBARS_ONLINE_TOPIC, bar.data?.widgets.some((widget) => widget.type === 'online_members') === true);
  return bar;
};

/**
 * A saved bar, a member who registered, changed or was locked, and presence reach the open bars (their
 * pages watch the `widgetbars` topic): the server names the change, each bar reads its own view again.
 */
export const widgetBarsLive: LiveRoute = (message, client) => {
  if (baseName(message.collection) === WIDGETBARS_COLLECTION) void client.invalidateQueries({ queryKey: widgetBarKeys.all });
};
