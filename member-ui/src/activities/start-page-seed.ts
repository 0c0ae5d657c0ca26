import { ALL_STREAM_SLUG, DASHBOARD_WIDGETBAR_SLUG, type ActivitiesResponse, type ResolvedWidgetBarResponse } from '@cn/contracts';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../api/client';
import { START_PAGE_READS } from '../shell/early-reads';
import { widgetBarKeys } from '../widgetbars/widgetbars-queries';
import { activitiesKeys } from './activities-queries';

/**
 * The start page's query cache starts with the answers read ahead that are in (main.tsx waits for them beside
 * the code): its first render shows 'all''s activities and the dashboard bar, instead of a loading line and a
 * second render once the queries have their answers. The queries still fetch on mount and take the same
 * answers from the reads ahead, so the server is asked once and nothing else changes.
 */
export const seedStartPage = (client: QueryClient, api: ApiClient): void => {
  const [streamRead, barRead] = START_PAGE_READS;
  const stream = api.answeredAhead<ActivitiesResponse>(streamRead);
  if (stream) client.setQueryData<InfiniteData<ActivitiesResponse, number | null>>(activitiesKeys.stream(ALL_STREAM_SLUG), { pages: [stream], pageParams: [null] });
  const bar = api.answeredAhead<ResolvedWidgetBarResponse>(barRead);
  if (bar) client.setQueryData(widgetBarKeys.bar(DASHBOARD_WIDGETBAR_SLUG, null), bar);
};
