/** @jest-environment jsdom */
import '../appointments/jsdom-text-encoding.cjs';
import { act, screen, waitFor } from '@testing-library/react';
import type { ActiveDesignsResponse, DesignDto } from '@cn/contracts';
import { fakeChannel, fakeServer, renderPage } from '../testing/render';
import { DesignLogo, DesignStyles } from './DesignStyles';
import { groupSlugOf } from './designs-queries';

const design = (id: string, scope_type: 'network' | 'group_category' | 'group', primary: string, logo_url: string | null = null): DesignDto => ({
  id,
  scope_type,
  scope_id: scope_type === 'network' ? 'network' : 'g1',
  name: id,
  primary_color: primary,
  primary_text_color: '#000000',
  background_color: '#fefefe',
  logo_url,
  active: true,
  updated_at: '2026-12-06T10:00:00.000Z',
});

const Page = () => (
  <>
    <DesignStyles />
    <DesignLogo fallback={<span data-testid="own-logo" />} />
  </>
);
const accent = () => document.documentElement.style.getPropertyValue('--accent');

describe('the active design in the member console', () => {
  it("applies the network's design through CSS variables and its logo, and reads it again when a change is pushed", async () => {
    let answer: ActiveDesignsResponse = { network: design('winter', 'network', '#123456', '/api/storage/images/logo/get/small'), group_category: null, group: null };
    const server = fakeServer({ 'GET /api/v1/designs/active': () => ({ status: 200, body: answer }) });
    const channel = fakeChannel();
    const view = renderPage(<Page />, { url: '/start', api: server.api, channel });
    await waitFor(() => expect(accent()).toBe('#123456'));
    expect(document.documentElement.style.getPropertyValue('--on-accent')).toBe('#000000');
    expect(document.documentElement.style.getPropertyValue('--canvas')).toBe('#fefefe');
    expect(screen.getByTestId('design-logo').getAttribute('src')).toBe('/api/storage/images/logo/get/small');
    expect(server.callsTo('GET', '/api/v1/designs/active')[0].url).toBe('/api/v1/designs/active');

    answer = { network: design('spring', 'network', '#00ff00'), group_category: null, group: null };
    await act(async () => {
      channel.push({ collection: 'designs_v1', id: 'spring', doc: { position: 9 } });
      await Promise.resolve();
    });
    await waitFor(() => expect(accent()).toBe('#00ff00'));
    expect(await screen.findByTestId('own-logo')).toBeTruthy();
    view.unmount();
    // leaving the console leaves the page's own colours
    expect(accent()).toBe('');
  });

  it("applies a group's design over its category's over the network's on the group's pages", async () => {
    const server = fakeServer({
      'GET /api/v1/designs/active': (call) => ({
        status: 200,
        body: {
          network: design('winter', 'network', '#123456'),
          group_category: design('clubs', 'group_category', '#aa00aa'),
          group: call.url.includes('group=gardening') ? design('green', 'group', '#00aa00') : null,
        },
      }),
    });
    const view = renderPage(<Page />, { url: '/groups/gardening/activities', path: '/groups/:slug/activities', api: server.api });
    await waitFor(() => expect(accent()).toBe('#00aa00'));
    view.unmount();
    // a group without a design of its own shows its category's
    const other = renderPage(<Page />, { url: '/groups/chess/activities', path: '/groups/:slug/activities', api: server.api });
    await waitFor(() => expect(accent()).toBe('#aa00aa'));
    other.unmount();
  });

  it('keeps the console’s own colours without an active design', async () => {
    const server = fakeServer({ 'GET /api/v1/designs/active': { status: 200, body: { network: null, group_category: null, group: null } } });
    const view = renderPage(<Page />, { url: '/start', api: server.api });
    expect(await screen.findByTestId('own-logo')).toBeTruthy();
    expect(accent()).toBe('');
    view.unmount();
  });

  it('finds the group of a page from its path', () => {
    expect(groupSlugOf('/groups/gardening/files')).toBe('gardening');
    expect(groupSlugOf('/groups/g%C3%A4rten')).toBe('gärten');
    expect(groupSlugOf('/appointments')).toBeNull();
  });
});
