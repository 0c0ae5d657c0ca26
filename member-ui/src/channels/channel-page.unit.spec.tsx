/** @jest-environment jsdom */
import '../appointments/jsdom-text-encoding.cjs';
import type { ChannelDto, WidgetDto } from '@cn/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeServer, renderPage } from '../testing/render';
import { ChannelPage } from './ChannelPage';
import { DesignEditPage } from './DesignEditPage';
import { LayoutEditPage } from './LayoutEditPage';
import { WidgetFormPage } from './WidgetFormPage';

const base = { hide_title: false, title_background_override: '', label: '', placed: true };
const text: WidgetDto = { ...base, id: 't1', type: 'text', title: 'Welcome', w: 2, html_content: '<p>Hello <strong>you</strong></p><img src="x" onerror="alert(1)"><script>alert(2)</script>' };
const images: WidgetDto = {
  ...base,
  id: 'i1',
  type: 'images',
  title: 'Pictures',
  w: 1,
  images: [1, 2, 3].map((n) => ({ id: `p${n}`, url: `data:image/png;base64,AAAA${n}`, name: `Picture ${n}` })),
};

const aChannel = (overrides: Partial<ChannelDto> = {}): ChannelDto => ({
  id: 'garden',
  slug: 'garden',
  title: 'Garden',
  description: 'All about gardens',
  status: 'active',
  subscribers_count: 1,
  is_subscribed: false,
  image: null,
  blog_id: 'garden',
  design: { logo_type: 'default', banner_type: 'color', banner_color: '2e7d32', banner_image: null, logo_image: null, derived_colors: { banner: '2e7d32', banner_text: 'ffffff' } },
  layout: [{ layout: 'half-2-1', widgets: ['t1', 'i1'] }],
  widgets: [text, images],
  created_at: '2026-01-01T00:00:00.000Z',
  i: { favorited: false, subscribed: false, can: { update: false, subscribe: true, favorite: true, create_articles: false } },
  ...overrides,
});

describe('the channel page', () => {
  it('shows title, the rows with their widths, and rich text as elements only (nothing that could run or load)', async () => {
    const { api } = fakeServer({ 'GET /channels/garden': { status: 200, body: aChannel() } });
    const { container } = renderPage(<ChannelPage />, { url: '/channels/garden', path: '/channels/:slug', api });
    expect((await screen.findByTestId('channel-title')).textContent).toContain('Garden');
    expect(screen.getByTestId('widget-row').getAttribute('data-layout')).toBe('half-2-1');
    const cells = container.querySelectorAll<HTMLElement>('.widget-cell');
    expect([...cells].map((cell) => cell.style.gridColumn)).toEqual(['span 2', 'span 1']);
    const widget = screen.getByTestId('widget-text');
    expect(widget.querySelector('strong')?.textContent).toBe('you');
    expect(widget.querySelector('img, script')).toBeNull();
    expect(screen.getByTestId('subscribers-count').textContent).toContain('1 subscriber');
  });

  it('subscribes once however often it is clicked, and a pushed change reads the count again', async () => {
    let subscribed = false;
    const { api, callsTo } = fakeServer({
      'GET /channels/garden': () => ({ status: 200, body: aChannel(subscribed ? { subscribers_count: 2, i: { ...aChannel().i, subscribed: true } } : {}) }),
      'POST /channels/garden/subscribe': () => {
        subscribed = true;
        return { status: 200, body: { position: 7, subscribed: true }, position: 7 };
      },
    });
    const { channel } = renderPage(<ChannelPage />, { url: '/channels/garden', path: '/channels/:slug', api });
    const button = await screen.findByTestId('subscribe');
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(screen.getByTestId('subscribers-count').textContent).toContain('2 subscribers'));
    expect(callsTo('POST', '/channels/garden/subscribe')).toHaveLength(1);
    expect(screen.getByTestId('unsubscribe')).toBeTruthy();
    expect(channel.topics()).toContain('channels');

    // another member subscribed: the push names the channel, the page reads it again
    const reads = callsTo('GET', '/channels/garden').length;
    act(() => channel.push({ collection: 'channels', id: 'garden', doc: { position: 8 } }));
    await waitFor(() => expect(callsTo('GET', '/channels/garden').length).toBeGreaterThan(reads));
  });

  it('says a hidden channel is not available instead of showing it', async () => {
    const { api } = fakeServer({});
    renderPage(<ChannelPage />, { url: '/channels/secret', path: '/channels/:slug', api });
    expect(await screen.findByTestId('channel-unavailable')).toBeTruthy();
  });

  it('opens the gallery on a picture, pages it with the arrow keys (wrapping round) and closes it with Escape', async () => {
    const { api } = fakeServer({ 'GET /channels/garden': { status: 200, body: aChannel() } });
    renderPage(<ChannelPage />, { url: '/channels/garden', path: '/channels/:slug', api });
    fireEvent.click(await screen.findByRole('button', { name: /Picture 2/ }));
    const position = screen.getByTestId('gallery-position');
    expect(position.textContent).toContain('Image 2 of 3');
    fireEvent.keyDown(document, { key: 'ArrowRight' });
    expect(position.textContent).toContain('Image 3 of 3');
    fireEvent.keyDown(document, { key: 'ArrowRight' });
    expect(position.textContent).toContain('Image 1 of 3');
    fireEvent.keyDown(document, { key: 'ArrowLeft' });
    expect(screen.getByTestId('gallery-image').getAttribute('data-image-id')).toBe('p3');
    expect(screen.getByRole('status').textContent).toMatch(/loading/i);
    fireEvent.load(screen.getByTestId('gallery-image'));
    expect(screen.getByTestId('gallery').querySelector('[role="status"]')).toBeNull();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByTestId('gallery')).toBeNull();
  });
});

describe('the channel editors (design, layout, widgets)', () => {
  const editable = aChannel({ i: { ...aChannel().i, can: { ...aChannel().i.can, update: true } } });

  it('shows the editor only to whoever the channel lets update it, and forbidden to the others', async () => {
    const { api } = fakeServer({ 'GET /channels/garden': { status: 200, body: editable } });
    renderPage(<DesignEditPage />, { url: '/channels/garden/design/edit', path: '/channels/:slug/design/edit', api });
    expect((await screen.findByTestId('save-design')).textContent).toBe('Save');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Edit design');

    const readOnly = fakeServer({ 'GET /channels/garden': { status: 200, body: aChannel() } });
    renderPage(<LayoutEditPage />, { url: '/channels/garden/layout/edit', path: '/channels/:slug/layout/edit', api: readOnly.api });
    expect((await screen.findByText('You are not allowed to do that.')).className).toContain('alert--error');
    expect(screen.queryByTestId('save-layout')).toBeNull();
  });

  it('offers the widget types for a new widget, says an unknown widget is not found, and an unavailable channel as such', async () => {
    const { api } = fakeServer({ 'GET /channels/garden': { status: 200, body: editable } });
    const { unmount } = renderPage(<WidgetFormPage />, { url: '/channels/garden/widgets/new', path: '/channels/:slug/widgets/new', api });
    expect((await screen.findByTestId('widget-types')).querySelectorAll('button').length).toBeGreaterThan(5);
    unmount();

    renderPage(<WidgetFormPage />, { url: '/channels/garden/widgets/nope/edit', path: '/channels/:slug/widgets/:widgetId/edit', api });
    expect((await screen.findByText('Not found.')).className).toContain('alert--error');

    const gone = fakeServer({ 'GET /channels/garden': { status: 404, body: { statusCode: 404, error: 'not_found', errors: [] } } });
    renderPage(<DesignEditPage />, { url: '/channels/garden/design/edit', path: '/channels/:slug/design/edit', api: gone.api });
    expect((await screen.findByTestId('channel-unavailable')).textContent).toContain('This channel does not exist');
    expect(screen.queryByTestId('save-design')).toBeNull();
  });
});
