/** @jest-environment jsdom */
import '../appointments/jsdom-text-encoding.cjs';
import type { ActivitiesResponse, ResolvedWidgetBarResponse } from '@cn/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { createQueryClient } from '../api/query-client';
import { ActivityStreamPage } from '../activities/ActivityStreamPage';
import { readStartPage } from '../activities/start-page-reads';
import { seedStartPage } from '../activities/start-page-seed';
import { fakeServer, renderPage } from '../testing/render';
import { loadedWidgetMarkdown } from './widget-markdown-load';

const STREAM = '/api/v1/activitystreams/all/activities';
const BAR = '/widgetbars/as-dashboard';

const allStream = (): ActivitiesResponse => ({ stream: null, activities: [], latest_position: 0, unread_count: 0, next_before: null, can: { post: false, subscribe: false } });
const dashboard = (markdown: boolean): ResolvedWidgetBarResponse => ({
  scope: 'network',
  slug: 'dashboard',
  widgets: [
    markdown
      ? { index: 0, type: 'text', headline: '', data: { kind: 'markdown', markdown: 'Welcome **home**' } }
      : { index: 0, type: 'text', headline: '', data: { kind: 'html', html: '<p>Welcome <strong>home</strong></p>' } },
  ],
});

const readAhead = async (markdown: boolean) => {
  const server = fakeServer({ [`GET ${STREAM}`]: { status: 200, body: allStream() }, [`GET ${BAR}`]: { status: 200, body: dashboard(markdown) } });
  server.api.readAhead(() => readStartPage(server.api));
  await server.api.readsAheadSettled();
  return server;
};

// in this order: the module's state (markdown-it's chunk loaded or not) lives as long as the file's module registry
describe("the start page's dashboard bar and markdown-it's chunk (widget-markdown-load.ts)", () => {
  it('a bar without a markdown text loads no markdown-it', async () => {
    await readAhead(false);
    // what the read ahead would have started is settled by the next turns
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(loadedWidgetMarkdown()).toBeUndefined();
  });

  it("a bar with one: the chunk is asked for with the bar's answer read ahead, and the bar draws the text in its first render", async () => {
    const server = await readAhead(true);
    await waitFor(() => expect(loadedWidgetMarkdown()).toBeDefined());
    const client = createQueryClient();
    seedStartPage(client, server.api);
    renderPage(<ActivityStreamPage />, { url: '/activitystreams', path: '/activitystreams', api: server.api, client });
    // the text is there as soon as the bar is, in the same render, not after a suspended lazy component
    const bar = await screen.findByTestId('widgetbar');
    expect(within(bar).getByTestId('widget-text').querySelector('strong')?.textContent).toBe('home');
  });
});
