/** @jest-environment jsdom */
import '../appointments/jsdom-text-encoding.cjs';
import { act, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { NAVIGATION_COLLECTION, PUBLIC_NAVIGATION_TOPIC, type PublicImprintDto, type PublicNavigationResponse } from '@cn/contracts';
import { createQueryClient } from '../api/query-client';
import { DataLayer } from '../app/DataLayer';
import { createI18n } from '../i18n';
import { allTranslations } from '../i18n/all-translations';
import { SessionProvider } from '../session/SessionContext';
import { useFakeWebSockets } from '../testing/fake-socket';
import { fakeServer } from '../testing/render';
import { ImprintPage, LegalTextPage } from './LegalPages';

const imprint: PublicImprintDto = { content: '<p>Example e.V.</p>', show_newsletter_info: false, legal_texts: [{ name: 'Privacy', handle: 'privacy' }] };
const publicItems: PublicNavigationResponse = {
  navigation_items: [
    { text: 'About us', link: 'https://example.org/about', public: true, new_window: true, navigation_items: [] },
    { text: 'More', link: '', public: true, new_window: false, navigation_items: [{ text: 'Contact', link: '/legal/contact', public: true, new_window: false }] },
  ],
};
const unauthenticated = { status: 401, body: { statusCode: 401, error: 'unauthenticated', errors: [] } };

const renderAt = (url: string, server: ReturnType<typeof fakeServer>) =>
  render(
    <I18nextProvider i18n={createI18n('en', allTranslations)}>
      <MemoryRouter initialEntries={[url]}>
        <SessionProvider api={server.api}>
          <DataLayer client={createQueryClient()}>
            <Routes>
              <Route path="/imprint" element={<ImprintPage />} />
              <Route path="/legal/:handle" element={<LegalTextPage />} />
            </Routes>
          </DataLayer>
        </SessionProvider>
      </MemoryRouter>
    </I18nextProvider>,
  );

describe('public navigation on the public pages', () => {
  /** every socket the page opens: the visitors' one and, signed in, the member's channel */
  const sockets = useFakeWebSockets();
  const visitorSockets = () => sockets.filter((socket) => socket.url.endsWith('/api/realtime/public'));

  it("shows a signed-out visitor the navigation's public items on the imprint, addresses elsewhere in a new window", async () => {
    const server = fakeServer({
      'GET /api/v1/network': unauthenticated,
      'GET /api/v1/imprint': { status: 200, body: imprint },
      'GET /api/v1/navigation/public': { status: 200, body: publicItems },
    });
    renderAt('/imprint', server);
    const nav = await screen.findByTestId('public-navigation');
    expect(nav.getAttribute('aria-label')).toBe('Links');
    const about = screen.getByRole('link', { name: 'About us' });
    expect(about.getAttribute('href')).toBe('https://example.org/about');
    expect(about.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: 'Contact' }).getAttribute('href')).toBe('/legal/contact');
    expect(nav.textContent).toContain('More');
    expect(await screen.findByText('Example e.V.')).toBeTruthy();
  });

  it('shows them on a legal text too, and nothing when the navigation has no public items', async () => {
    const server = fakeServer({
      'GET /api/v1/network': unauthenticated,
      'GET /api/v1/legal_texts/privacy': { status: 200, body: { name: 'Privacy', handle: 'privacy', statement: '', html_text: '<p>We keep little.</p>', version: 1, updated_at: '2026-12-01T10:00:00.000Z' } },
      'GET /api/v1/navigation/public': { status: 200, body: { navigation_items: [] } },
    });
    renderAt('/legal/privacy', server);
    expect(await screen.findByText('We keep little.')).toBeTruthy();
    await waitFor(() => expect(server.callsTo('GET', '/api/v1/navigation/public')).toHaveLength(1));
    expect(screen.queryByTestId('public-navigation')).toBeNull();
  });

  it('asks nothing of it for a signed-in member (the console shows them the whole navigation)', async () => {
    const server = fakeServer({ 'GET /api/v1/imprint': { status: 200, body: imprint }, 'GET /api/v1/navigation/public': { status: 200, body: publicItems } });
    renderAt('/imprint', server);
    expect(await screen.findByText('Example e.V.')).toBeTruthy();
    expect(server.callsTo('GET', '/api/v1/navigation/public')).toHaveLength(0);
    expect(screen.queryByTestId('public-navigation')).toBeNull();
    // nor opens the visitors' socket: the member's own channel keeps the console current
    expect(visitorSockets()).toHaveLength(0);
  });

  it("follows a saved navigation without a reload: the visitors' socket watches the public navigation and the items are read again", async () => {
    let items = publicItems;
    const server = fakeServer({
      'GET /api/v1/network': unauthenticated,
      'GET /api/v1/imprint': { status: 200, body: imprint },
      'GET /api/v1/navigation/public': () => ({ status: 200, body: items }),
    });
    renderAt('/imprint', server);
    expect(await screen.findByRole('link', { name: 'About us' })).toBeTruthy();
    await waitFor(() => expect(visitorSockets()).toHaveLength(1));
    // signed out: no member channel, only the visitors' socket, which asks for the public topic alone
    expect(sockets).toHaveLength(1);
    const [socket] = visitorSockets();
    act(() => socket.open());
    expect(socket.sent.map((frame) => JSON.parse(frame) as unknown)).toEqual([{ type: 'watch', topics: [PUBLIC_NAVIGATION_TOPIC] }]);

    items = { navigation_items: [{ text: 'Visit us', link: 'https://example.org/visit', public: true, new_window: true, navigation_items: [] }] };
    act(() => socket.receive({ type: 'changed', collection: NAVIGATION_COLLECTION, id: 'network', doc: { position: 42 } }));
    expect(await screen.findByRole('link', { name: 'Visit us' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'About us' })).toBeNull();
    expect(server.callsTo('GET', '/api/v1/navigation/public')).toHaveLength(2);
  });
});
