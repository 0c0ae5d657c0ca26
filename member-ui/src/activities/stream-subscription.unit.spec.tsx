/** @jest-environment jsdom */
import '../appointments/jsdom-text-encoding.cjs';
import type { ActivitiesResponse } from '@cn/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeServer, renderPage, type Answer } from '../testing/render';
import { ActivityStreamPage } from './ActivityStreamPage';
import { ActivityStreamsNav } from './ActivityStreamsNav';

const page = (subscribed: boolean, subscribe = true): ActivitiesResponse => ({
  stream: { slug: 'choir', name: 'Choir', kind: 'group', subscribed },
  activities: [],
  latest_position: 0,
  unread_count: 0,
  next_before: null,
  can: { post: false, subscribe },
});

describe("a stream's subscription on its page", () => {
  it("toggles whether 'all' gathers the stream with the spec's call, says so while it is left out, and follows a pushed change", async () => {
    let answer = page(true);
    const server = fakeServer({
      'GET /api/v1/activitystreams/choir/activities': (): Answer => ({ status: 200, body: answer }),
      'DELETE /activitystreams/choir/subscribe': (): Answer => {
        answer = page(false);
        return { status: 200, body: { subscribed: false, position: 7 }, position: 7 };
      },
    });
    const { channel } = renderPage(<ActivityStreamPage />, { url: '/activitystreams/choir', path: '/activitystreams/:slug', api: server.api });
    const toggle = await screen.findByTestId('stream-subscription');
    expect(toggle.textContent).toBe('Hide from All activities');
    expect(screen.queryByTestId('stream-unsubscribed')).toBeNull();

    fireEvent.click(toggle);
    await waitFor(() => expect(screen.getByTestId('stream-subscription').textContent).toBe('Show in All activities'));
    expect(server.callsTo('DELETE', '/activitystreams/choir/subscribe')).toHaveLength(1);
    expect(screen.getByTestId('stream-unsubscribed').textContent).toContain('Hidden from All activities');

    // subscribed again in another tab: the reads' change is pushed and the page reads again
    answer = page(true);
    act(() => channel.push({ collection: 'activities', id: 'reads', doc: { position: 8 } }));
    await waitFor(() => expect(screen.getByTestId('stream-subscription').textContent).toBe('Hide from All activities'));
    expect(screen.queryByTestId('stream-unsubscribed')).toBeNull();
  });

  it('shows no toggle where the server says it cannot be toggled', async () => {
    const server = fakeServer({ 'GET /api/v1/activitystreams/choir/activities': { status: 200, body: page(true, false) } });
    renderPage(<ActivityStreamPage />, { url: '/activitystreams/choir', path: '/activitystreams/:slug', api: server.api });
    await screen.findByText('Nothing has happened here yet.');
    expect(screen.queryByTestId('stream-subscription')).toBeNull();
  });

  it('marks the streams that all leaves out in the left navigation', async () => {
    const link = (slug: string, kind: 'all' | 'network' | 'group', subscribed: boolean) => ({ slug, name: slug.toUpperCase(), kind, unread_count: 0, subscribed });
    const server = fakeServer({ 'GET /activitystreams.json': { status: 200, body: { items: [link('all', 'all', true), link('network', 'network', true), link('choir', 'group', false)] } } });
    renderPage(<ActivityStreamsNav collapsed={false} onToggle={() => undefined} />, { url: '/activitystreams', api: server.api });
    expect((await screen.findByTestId('nav-unsubscribed-choir')).textContent).toBe('hidden from all');
    expect(screen.queryByTestId('nav-unsubscribed-network')).toBeNull();
  });
});
