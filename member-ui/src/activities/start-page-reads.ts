import { ALL_STREAM_SLUG, DASHBOARD_WIDGETBAR_SLUG } from '@cn/contracts';
import type { ApiClient } from '../api/client';
import { widgetBarsApi } from '../widgetbars/widgetbars-api';
import { preloadWidgetMarkdown } from '../widgetbars/widget-markdown-load';
import { activitiesApi } from './activities-api';

/**
 * What the start page shows first ('all''s newest activities and the dashboard bar beside them), asked for by
 * main.tsx inside `api.readAhead`, beside the code: the page's first reads then take these answers instead of
 * starting after the first render. The same calls the page's queries make, so the requests are identical.
 * The bar's answer also starts the chunk its markdown text needs (widget-markdown-load.ts).
 */
export const readStartPage = (api: ApiClient): void => {
  void activitiesApi(api).stream(ALL_STREAM_SLUG, null);
  // a markdown text in the bar: markdown-it's chunk is asked for with the answer, not after the first render
  widgetBarsApi(api).bar(DASHBOARD_WIDGETBAR_SLUG, null).then(preloadWidgetMarkdown, () => undefined);
};
