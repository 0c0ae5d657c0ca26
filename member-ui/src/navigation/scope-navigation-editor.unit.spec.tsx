/** @jest-environment jsdom */
import '../appointments/jsdom-text-encoding.cjs';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useMemo } from 'react';
import type { NavigationResponse } from '@cn/contracts';
import { fakeServer, renderPage } from '../testing/render';
import { useSession } from '../session/SessionContext';
import { ScopeNavigationEditor } from './ScopeNavigationEditor';
import { scopeAdministrationApi } from './scope-administration-api';

const ROOT = '/group-categories/choirs/administration';
const PAGES = { can: { create: false }, pages: [{ id: 'p1', slug: 'house-rules', title: 'House rules', visibility: 'internal', html_url: '/pages/house-rules', created_at: '', updated_at: '', revision: 1, can: {} }] };
const APPS = { apps: [{ id: 'rooms', name: 'Rooms', description: '' }] };

const Editor = ({ readOnly = false }: { readOnly?: boolean }) => {
  const { api } = useSession();
  const calls = useMemo(() => scopeAdministrationApi(api, ROOT), [api]);
  return <ScopeNavigationEditor root={ROOT} calls={calls} readOnly={readOnly} title="group_category_administration.tabs.navigation" testId="category" />;
};

const optionsOf = (testId: string) => [...screen.getByTestId<HTMLSelectElement>(testId).options].map((option) => option.value);

describe("a scope's navigation editor: what an item links to", () => {
  it('picks the type first, then the page, app or module, and sends the type and target (no typed link)', async () => {
    const server = fakeServer({
      [`GET ${ROOT}/navigation.json`]: { status: 200, body: { scope: 'c1', navigation_items: [], revision: 4 } satisfies NavigationResponse },
      'GET /api/v1/pages': { status: 200, body: PAGES },
      'GET /api/v1/apps': { status: 200, body: APPS },
      [`PUT ${ROOT}/navigation`]: { status: 200, body: { position: 9 }, position: 9 },
    });
    renderPage(<Editor />, { url: '/', path: '/', api: server.api });
    fireEvent.click(await screen.findByTestId('category-navigation-add'));
    fireEvent.change(screen.getByTestId('navigation_items.0.text'), { target: { value: 'Rules' } });
    // pages and apps are offered once the lists arrived
    await waitFor(() => expect(optionsOf('navigation_items.0.link_type')).toEqual(['link', 'page', 'app', 'standard']));
    fireEvent.change(screen.getByTestId('navigation_items.0.link'), { target: { value: '/typed' } });
    fireEvent.change(screen.getByTestId('navigation_items.0.link_type'), { target: { value: 'page' } });
    expect(screen.queryByTestId('navigation_items.0.link')).toBeNull();
    expect(optionsOf('navigation_items.0.target')).toEqual(['', 'p1']);
    expect(within(screen.getByTestId('navigation_items.0.target')).getByText('House rules')).toBeTruthy();
    fireEvent.change(screen.getByTestId('navigation_items.0.target'), { target: { value: 'p1' } });
    fireEvent.click(screen.getByText('Add sub-item'));
    fireEvent.change(screen.getByTestId('navigation_items.0.navigation_items.0.text'), { target: { value: 'Tasks' } });
    fireEvent.change(screen.getByTestId('navigation_items.0.navigation_items.0.link_type'), { target: { value: 'standard' } });
    expect(within(screen.getByTestId('navigation_items.0.navigation_items.0.target')).getByText('Tasks')).toBeTruthy();
    fireEvent.change(screen.getByTestId('navigation_items.0.navigation_items.0.target'), { target: { value: 'tasks' } });
    fireEvent.click(screen.getByText('Add item'));
    fireEvent.change(screen.getByTestId('navigation_items.1.text'), { target: { value: 'Rooms' } });
    fireEvent.change(screen.getByTestId('navigation_items.1.link_type'), { target: { value: 'app' } });
    fireEvent.change(screen.getByTestId('navigation_items.1.target'), { target: { value: 'rooms' } });
    fireEvent.click(screen.getByTestId('category-navigation-save'));
    await waitFor(() => expect(server.callsTo('PUT', `${ROOT}/navigation`)).toHaveLength(1));
    expect(server.callsTo('PUT', `${ROOT}/navigation`)[0].body).toEqual({
      navigation_items: [
        { text: 'Rules', link: '', link_type: 'page', target: 'p1', public: false, new_window: false, navigation_items: [{ text: 'Tasks', link: '', link_type: 'standard', target: 'tasks', public: false, new_window: false }] },
        { text: 'Rooms', link: '', link_type: 'app', target: 'rooms', public: false, new_window: false, navigation_items: [] },
      ],
      revision: 4,
    });
    expect(await screen.findByText('The navigation was saved.')).toBeTruthy();
  });

  it("keeps a saved item's type and target (even one no longer offered) and shows the server's unknown_page at that field", async () => {
    const saved: NavigationResponse = {
      scope: 'c1',
      revision: 2,
      navigation_items: [
        { text: 'Gone', link: '', link_type: 'page', target: 'deleted-page', public: false, new_window: false, navigation_items: [] },
        { text: 'Rooms', link: '/apps/rooms', link_type: 'app', target: 'rooms', public: false, new_window: false, navigation_items: [] },
      ],
    };
    const server = fakeServer({
      [`GET ${ROOT}/navigation.json`]: { status: 200, body: saved },
      // this editor sees no pages: the page type stays offered for the item that has it
      'GET /api/v1/pages': { status: 200, body: { ...PAGES, pages: [] } },
      'GET /api/v1/apps': { status: 200, body: APPS },
      [`PUT ${ROOT}/navigation`]: { status: 400, body: { statusCode: 400, error: 'validation_failed', errors: [{ field: 'navigation_items.0.target', key: 'unknown_page' }] } },
    });
    renderPage(<Editor />, { url: '/', path: '/', api: server.api });
    await waitFor(() => expect(screen.getByTestId<HTMLSelectElement>('navigation_items.1.target').value).toBe('rooms'));
    expect(screen.getByTestId<HTMLSelectElement>('navigation_items.0.link_type').value).toBe('page');
    expect(screen.getByTestId<HTMLSelectElement>('navigation_items.1.link_type').value).toBe('app');
    expect(optionsOf('navigation_items.0.link_type')).toEqual(['link', 'app', 'standard', 'page']);
    expect(optionsOf('navigation_items.0.target')).toEqual(['', 'deleted-page']);
    expect(screen.getByTestId('navigation_items.0.target').textContent).toContain('(no longer exists)');
    fireEvent.change(screen.getByTestId('navigation_items.1.text'), { target: { value: 'Room booking' } });
    fireEvent.click(screen.getByTestId('category-navigation-save'));
    expect((await screen.findByTestId('navigation_items.0.error')).textContent).toBe('This page no longer exists: choose another one.');
    expect(screen.getByTestId('navigation_items.0.target').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('navigation_items.1.error')).toBeNull();
    expect(screen.getByTestId('navigation_items.1.target').getAttribute('aria-invalid')).toBe('false');
    expect((server.callsTo('PUT', `${ROOT}/navigation`)[0].body as { navigation_items: unknown[] }).navigation_items[1]).toEqual({ text: 'Room booking', link: '', link_type: 'app', target: 'rooms', public: false, new_window: false, navigation_items: [] });
  });

  it('shows the types read only to one who may only read', async () => {
    const server = fakeServer({
      [`GET ${ROOT}/navigation.json`]: { status: 200, body: { scope: 'c1', revision: 1, navigation_items: [{ text: 'Search', link: '/search', link_type: 'standard', target: 'search', public: false, new_window: false, navigation_items: [] }] } satisfies NavigationResponse },
    });
    renderPage(<Editor readOnly />, { url: '/', path: '/', api: server.api });
    const target = await screen.findByTestId<HTMLSelectElement>('navigation_items.0.target');
    expect(target.value).toBe('search');
    expect(target.disabled).toBe(true);
    expect(screen.getByTestId<HTMLSelectElement>('navigation_items.0.link_type').disabled).toBe(true);
    expect(screen.queryByTestId('category-navigation-save')).toBeNull();
  });
});
