/** @jest-environment jsdom */
import '../appointments/jsdom-text-encoding.cjs';
import type { ActivitiesResponse, ResolvedWidgetBarResponse } from '@cn/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import { createQueryClient } from '../api/query-client';
import { START_PAGE_READS } from '../shell/early-reads';
import { fakeServer, renderPage } from '../testing/render';
import { widgetBarKeys } from '../widgetbars/widgetbars-queries';
import { activitiesKeys } from './activities-queries';
import { ActivityStreamPage } from './ActivityStreamPage';
import { readStartPage } from './start-page-reads';
import { seedStartPage } from './start-page-seed';

const STREAM = '/api/v1/activitystreams/all/activities';
const BAR = '/widgetbars/as-dashboard';

const allStream = (): ActivitiesResponse => ({ stream: null, activities: [], latest_position: 0, unread_count: 0, next_before: null, can: { post: false, subscribe: false } });
const dashboard = (): ResolvedWidgetBarResponse => ({
  scope: 'network',
  slug: 'dashboard',
  widgets: [{ index: 0, type: 'text', headline: '', data: { kind: 'markdown', markdown: 'Welcome **home**' } }],
});

const startServer = () => fakeServer({ [`GET ${STREAM}`]: { status: 200, body: allStream() }, [`GET ${BAR}`]: { status: 200, body: dashboard() } });

describe("the start page's reads ahead (main.tsx asks for them beside the code)", () => {
  it("are the very requests the page makes: it shows their answers without asking the server again, and reads anew after a push", async () => {
    const server = startServer();
    server.api.readAhead(() => readStartPage(server.api));
    expect(server.calls.map((call) => `${call.method} ${call.url}`)).toEqual([`GET ${STREAM}`, `GET ${BAR}`]);
    // index.html's boot script reads these very paths before any module has loaded (shell/early-reads.ts)
    expect(server.calls.map((call) => call.url)).toEqual([...START_PAGE_READS]);

    const { channel } = renderPage(<ActivityStreamPage />, { url: '/activitystreams', path: '/activitystreams', api: server.api });
    await screen.findByText('Nothing has happened here yet.');
    expect((await screen.findByTestId('widget-text')).querySelector('strong')?.textContent).toBe('home');
    expect(server.callsTo('GET', STREAM)).toHaveLength(1);
    expect(server.callsTo('GET', BAR)).toHaveLength(1);

    // an answer read ahead is handed out once: a pushed change reads the stream from the server again
    act(() => channel.push({ collection: 'activities', id: 'all', doc: { position: 3 } }));
    await waitFor(() => expect(server.callsTo('GET', STREAM)).toHaveLength(2));
  });

  it('are dropped once the session is known: a page opened later reads its own, current answer', async () => {
    const server = startServer();
    // read ahead for the start page, but the member opened another page that does not take them
    server.api.readAhead(() => readStartPage(server.api));
    renderPage(<p data-testid="elsewhere" />, { url: '/somewhere', api: server.api });
    await screen.findByTestId('elsewhere');

    await server.api.request('GET', STREAM);
    expect(server.callsTo('GET', STREAM)).toHaveLength(2);
  });

  it("fill the start page's query cache once in (main.tsx renders the page with them), and the server is still asked once per read", async () => {
    const server = startServer();
    server.api.readAhead(() => readStartPage(server.api));
    await server.api.readsAheadSettled();
    const client = createQueryClient();
    seedStartPage(client, server.api);
    expect(client.getQueryData(activitiesKeys.stream('all'))).toEqual({ pages: [allStream()], pageParams: [null] });
    expect(client.getQueryData(widgetBarKeys.bar('dashboard', null))).toEqual(dashboard());

    renderPage(<ActivityStreamPage />, { url: '/activitystreams', path: '/activitystreams', api: server.api, client });
    await screen.findByText('Nothing has happened here yet.');
    expect((await screen.findByTestId('widget-text')).querySelector('strong')?.textContent).toBe('home');
    // the queries' own first fetch took the answers read ahead
    await waitFor(() => expect(client.isFetching()).toBe(0));
    expect(server.callsTo('GET', STREAM)).toHaveLength(1);
    expect(server.callsTo('GET', BAR)).toHaveLength(1);
  });

  it('seed nothing that has not come in or was refused: the page then reads as before', async () => {
    const server = fakeServer({ [`GET ${STREAM}`]: { status: 500, body: { statusCode: 500, error: 'generic_error', errors: [] } }, [`GET ${BAR}`]: { status: 200, body: dashboard() } });
    server.api.readAhead(() => readStartPage(server.api));
    await server.api.readsAheadSettled();
    const client = createQueryClient();
    seedStartPage(client, server.api);
    expect(client.getQueryData(activitiesKeys.stream('all'))).toBeUndefined();
    expect(client.getQueryData(widgetBarKeys.bar('dashboard', null))).toEqual(dashboard());
  });
});
