/** @jest-environment jsdom */
import '../appointments/jsdom-text-encoding.cjs';
import type { GlobalSearchResponse, SearchHit, SearchModule } from '@cn/contracts';
import { SEARCH_MODULES } from '@cn/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeServer, renderPage } from '../testing/render';
import { groupOfPath, searchPath } from '../shell/SearchBar';
import { SearchPage, snippetText } from './SearchPage';

jest.mock('./search.css', () => ({}));

const hit = (module: SearchModule, id: string, overrides: Partial<SearchHit> = {}): SearchHit => ({
  id,
  module,
  title: `${module} ${id}`,
  html_url: `/${module}/${id}`,
  html_content: `snippet of ${id} &amp; more`,
  created_at: '2026-11-23T09:00:00.000Z',
  ...overrides,
});
const answer = (overrides: Partial<GlobalSearchResponse> = {}): GlobalSearchResponse => ({
  q: 'quokka',
  module: null,
  page: 1,
  sort_by: 'score,asc',
  group: null,
  counts: SEARCH_MODULES.map((module) => ({ module, count: module === 'messages' ? 7 : module === 'files' ? 1 : 0 })),
  results: [
    { module: 'messages', total: 7, hits: ['m1', 'm2', 'm3', 'm4', 'm5'].map((id) => hit('messages', id)) },
    { module: 'files', total: 1, hits: [hit('files', 'f1', { title: 'notes.txt', html_url: '/files/f1', file: { content_type: 'text/plain', size: 5, group: null, locked: true } })] },
  ],
  pagination: null,
  ...overrides,
});

describe('the search page', () => {
  it('shows a button with the count per module, the first hits of each module with their links, and opens one module', async () => {
    const server = fakeServer({
      'GET /search.json': (call) =>
        call.url.includes('module=messages')
          ? {
              status: 200,
              body: answer({
                module: 'messages',
                results: [{ module: 'messages', total: 7, hits: ['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7'].map((id) => hit('messages', id)) }],
                pagination: { page: 1, per_page: 20, total: 7, total_pages: 1 },
              }),
            }
          : { status: 200, body: answer() },
    });
    renderPage(<SearchPage />, { url: '/search?q=quokka', path: '/search', api: server.api });
    expect(await screen.findByText('Search for “quokka”')).toBeTruthy();
    expect((await screen.findByTestId('search-count-messages')).textContent).toBe('7');
    expect(screen.getByTestId('search-count-files').textContent).toBe('1');
    expect(screen.getByTestId('search-module-all').textContent).toContain('8');
    const messages = screen.getByTestId('search-section-messages');
    expect(within(messages).getAllByTestId('search-hit-messages')).toHaveLength(5);
    expect(within(screen.getByTestId('search-section-files')).getByRole('link', { name: 'notes.txt' }).getAttribute('href')).toBe('/files/f1');
    expect(screen.getAllByText('snippet of f1 & more')).toHaveLength(1);
    expect(screen.getByTestId('search-hit-locked').getAttribute('title')).toBe('Locked by another member');
    fireEvent.click(within(messages).getByRole('button', { name: 'Show all 7' }));
    await waitFor(() => expect(screen.getAllByTestId('search-hit-messages')).toHaveLength(7));
    expect(screen.getByTestId('search-module-messages').getAttribute('aria-pressed')).toBe('true');
    expect(server.callsTo('GET', '/search.json').at(-1)?.url).toContain('module=messages');
  });

  it('says when nothing matches, shows the load error with a retry, and asks nothing without a term', async () => {
    const empty = fakeServer({ 'GET /search.json': { status: 200, body: answer({ counts: SEARCH_MODULES.map((module) => ({ module, count: 0 })), results: [] }) } });
    renderPage(<SearchPage />, { url: '/search?q=nothing', path: '/search', api: empty.api });
    expect(await screen.findByText('No results')).toBeTruthy();
    const failing = fakeServer({ 'GET /search.json': { status: 500, body: { statusCode: 500, error: 'generic_error', errors: [] } } });
    renderPage(<SearchPage />, { url: '/search?q=boom', path: '/search', api: failing.api });
    expect((await screen.findByTestId('search-error')).textContent).toContain('The search results could not be loaded.');
    const idle = fakeServer({});
    renderPage(<SearchPage />, { url: '/search', path: '/search', api: idle.api });
    expect((await screen.findAllByText('What are you looking for?')).length).toBeGreaterThan(0);
    expect(idle.callsTo('GET', '/search.json')).toHaveLength(0);
  });

  it('searches inside a group with a button to search globally', async () => {
    const server = fakeServer({ 'GET /groups/choir/search.json': { status: 200, body: answer({ group: { slug: 'choir', name: 'Choir' } }) } });
    renderPage(<SearchPage />, { url: '/groups/choir/search?q=quokka', path: '/groups/:groupSlug/search', api: server.api });
    expect(await screen.findByText('Search for “quokka” in Choir')).toBeTruthy();
    expect(screen.getByTestId('search-globally').getAttribute('href')).toBe('/search?q=quokka');
  });

  it('leads the header search into the group whose pages are open', () => {
    expect(groupOfPath('/groups/choir/files')).toBe('choir');
    expect(groupOfPath('/groups/new/clubs')).toBeNull();
    expect(groupOfPath('/messages')).toBeNull();
    expect(searchPath(' a b ', 'choir')).toBe('/groups/choir/search?q=a%20b');
    expect(searchPath('x')).toBe('/search?q=x');
    expect(snippetText('&lt;b&gt; &amp;amp;')).toBe('<b> &amp;');
  });
});
