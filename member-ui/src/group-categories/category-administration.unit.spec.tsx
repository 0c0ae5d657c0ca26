/** @jest-environment jsdom */
import '../appointments/jsdom-text-encoding.cjs';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import type { DesignDto, GroupCategoryAdministrationDto, GroupCategoryCan, NavigationResponse, StatisticsResponse } from '@cn/contracts';
import { fakeChannel, fakeServer, renderPage } from '../testing/render';
import { CategoryAdministrationLayout, CategoryAdministrationPage, CategoryDesignsPage } from './CategoryAdministration';
import { CategoryNavigationPage } from './CategoryNavigationPage';
import { CategoryStatisticsPage } from './CategoryStatisticsPage';

const ROOT = '/group-categories/teams/administration';
const DESIGNS = '/group-categories/c1/administration/designs';

const category = (can: GroupCategoryCan, administrators: GroupCategoryAdministrationDto['administrators'] = []): GroupCategoryAdministrationDto => ({
  id: 'c1',
  slug: 'teams',
  name: 'Team',
  plural_name: 'Teams',
  color: '1976d2',
  administrators,
  can,
});
const ADMINISTRATOR: GroupCategoryCan = { administrate: true, view_administration: true, manage_administrators: false };
const AUDITOR: GroupCategoryCan = { administrate: false, view_administration: true, manage_administrators: false };
const NETWORK_ADMIN: GroupCategoryCan = { administrate: true, view_administration: true, manage_administrators: true };

const design = (id: string, name: string): DesignDto => ({
  id,
  scope_type: 'group_category',
  scope_id: 'c1',
  name,
  primary_color: '#224466',
  primary_text_color: '#ffffff',
  background_color: '#f4f4f4',
  logo_url: null,
  active: false,
  updated_at: '2026-12-06T10:00:00.000Z',
});

/** the administration's routes as App.tsx nests them */
const Administration = () => (
  <Routes>
    <Route element={<CategoryAdministrationLayout />}>
      <Route index element={<CategoryAdministrationPage />} />
      <Route path="designs" element={<CategoryDesignsPage />} />
      <Route path="designs/:designId/edit" element={<CategoryDesignsPage />} />
      <Route path="navigation" element={<CategoryNavigationPage />} />
      <Route path="statistics" element={<CategoryStatisticsPage />} />
    </Route>
  </Routes>
);
const renderAt = (url: string, server: ReturnType<typeof fakeServer>, channel = fakeChannel()) =>
  renderPage(<Administration />, { url, path: '/group-categories/:categoryRef/administration/*', api: server.api, channel });

describe("a group category's administration in the member console", () => {
  it("shows the category's administrator its tabs, without the administrators manager, and the designs scoped to the category", async () => {
    const server = fakeServer({
      [`GET ${ROOT}`]: { status: 200, body: category(ADMINISTRATOR) },
      [`GET ${DESIGNS}`]: { status: 200, body: [design('d1', 'Blue')] },
    });
    const view = renderAt(ROOT, server);
    expect((await screen.findByTestId('category-administration')).textContent).toContain('Teams: administration');
    expect(screen.getByTestId('category-open-designs')).toBeTruthy();
    expect(screen.queryByTestId('category-administrators')).toBeNull();
    fireEvent.click(screen.getByTestId('category-tab-designs'));
    expect((await screen.findByTestId('group-design-d1')).textContent).toContain('Blue');
    // the category's own route, by its id, as the spec names it
    expect(server.callsTo('GET', DESIGNS)).toHaveLength(1);
    view.unmount();
  });

  it('opens the design named by …/designs/{designId}/edit in the form', async () => {
    const server = fakeServer({
      ['GET /group-categories/c1/administration']: { status: 200, body: category(ADMINISTRATOR) },
      [`GET ${DESIGNS}`]: { status: 200, body: [design('d1', 'Blue'), design('d2', 'Green')] },
    });
    const view = renderAt(`${DESIGNS}/d2/edit`, server);
    await waitFor(() => expect(screen.getByTestId<HTMLInputElement>('group-design-name').value).toBe('Green'));
    view.unmount();
  });

  it("shows an auditor the category's designs read-only, not a refusal", async () => {
    const server = fakeServer({
      ['GET /group-categories/c1/administration']: { status: 200, body: category(AUDITOR) },
      [`GET ${DESIGNS}`]: { status: 200, body: [design('d1', 'Blue')] },
    });
    const view = renderAt(DESIGNS, server);
    expect((await screen.findByTestId('group-design-d1')).textContent).toContain('Blue');
    expect(screen.getByTestId('group-designs-read-only').textContent).toContain('You may look at these designs, not change them.');
    expect(screen.queryByTestId('group-designs-forbidden')).toBeNull();
    expect(screen.queryByTestId('group-design-new')).toBeNull();
    expect(screen.queryByTestId('group-design-edit')).toBeNull();
    expect(screen.queryByTestId('group-design-activate')).toBeNull();
    view.unmount();
  });

  it('refuses a member the server refuses, in words, with no tabs', async () => {
    const server = fakeServer({ [`GET ${ROOT}`]: { status: 403, body: { statusCode: 403, error: 'forbidden', errors: [] } } });
    const view = renderAt(ROOT, server);
    expect((await screen.findByTestId('category-administration-refused')).textContent).toContain('Only the administrators of this group category see this page.');
    expect(screen.queryByTestId('category-tab-designs')).toBeNull();
    view.unmount();
  });

  it('lets a network administrator take an administrator away, and follows the pushed change', async () => {
    let administrators = [{ id: 'cathy', name: 'Cathy Tester' }];
    const server = fakeServer({
      [`GET ${ROOT}`]: () => ({ status: 200, body: category(NETWORK_ADMIN, administrators) }),
      ['DELETE /administration/group-categories/c1/administrators/cathy']: () => {
        administrators = [];
        return { status: 200, body: { position: 5 }, position: 5 };
      },
    });
    const channel = fakeChannel();
    const view = renderAt(ROOT, server, channel);
    const manager = await screen.findByTestId('category-administrators');
    expect(manager.textContent).toContain('Cathy Tester');
    fireEvent.click(await screen.findByRole('button', { name: /Cathy Tester/ }));
    await waitFor(() => expect(server.callsTo('DELETE', '/administration/group-categories/c1/administrators/cathy')).toHaveLength(1));
    expect(await screen.findByText('The member no longer administrates the category.')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('category-administrators').textContent).not.toContain('Cathy Tester'));
    // a change pushed by another console (a category's administrators) reads the flags again
    const before = server.callsTo('GET', ROOT).length;
    await act(async () => {
      channel.push({ collection: 'group_categories_v2', id: 'teams', doc: { position: 9 } });
      await Promise.resolve();
    });
    await waitFor(() => expect(server.callsTo('GET', ROOT).length).toBeGreaterThan(before));
    view.unmount();
  });

  it("saves the category's navigation at its revision and shows a field's error in words", async () => {
    const saved: NavigationResponse = { scope: 'c1', navigation_items: [], revision: 2 };
    const server = fakeServer({
      [`GET ${ROOT}`]: { status: 200, body: category(ADMINISTRATOR) },
      [`GET ${ROOT}/navigation.json`]: { status: 200, body: saved },
      [`PUT ${ROOT}/navigation`]: (call) =>
        (call.body as { navigation_items: Array<{ link: string }> }).navigation_items[0]?.link === ''
          ? { status: 400, body: { statusCode: 400, error: 'validation_failed', errors: [{ field: 'navigation_items.0.link', key: 'empty_fields' }] } }
          : { status: 200, body: { position: 7 }, position: 7 },
    });
    const view = renderAt(`${ROOT}/navigation`, server);
    fireEvent.click(await screen.findByTestId('category-navigation-add'));
    fireEvent.change(screen.getByTestId('navigation_items.0.text'), { target: { value: 'Rules' } });
    fireEvent.click(screen.getByTestId('category-navigation-save'));
    expect((await screen.findAllByText('Please fill in the text and a link.')).length).toBeGreaterThan(0);
    fireEvent.change(screen.getByTestId('navigation_items.0.link'), { target: { value: '/pages/rules' } });
    fireEvent.click(screen.getByTestId('category-navigation-save'));
    await waitFor(() => expect(server.callsTo('PUT', `${ROOT}/navigation`)).toHaveLength(2));
    expect(server.callsTo('PUT', `${ROOT}/navigation`)[1].body).toEqual({ navigation_items: [{ text: 'Rules', link: '/pages/rules', link_type: 'link', public: false, new_window: false, navigation_items: [] }], revision: 2 });
    expect(await screen.findByText('The navigation was saved.')).toBeTruthy();
    view.unmount();
  });

  it("reads the category's statistics again when one of its groups' days is pushed (members and activity follow)", async () => {
    let members = 5;
    const answer = (): StatisticsResponse => ({ scope: 'group_category', from: '2026-12-07', to: '2026-12-07', days: [{ date: '2026-12-07', members, active_members: 2, events: members * 2, commands: 3 }], storage_bytes: null });
    const server = fakeServer({
      [`GET ${ROOT}`]: { status: 200, body: category(AUDITOR) },
      [`GET ${ROOT}/statistics`]: () => ({ status: 200, body: answer() }),
    });
    const channel = fakeChannel();
    const view = renderAt(`${ROOT}/statistics`, server, channel);
    expect((await screen.findByTestId('category-statistics-2026-12-07')).children[1].textContent).toBe('5');
    await waitFor(() => expect(channel.topics()).toContain('statistics'));
    members = 6;
    await act(async () => {
      channel.push({ collection: 'statistics_days', id: 'g7', doc: { position: 30 } });
      await Promise.resolve();
    });
    await waitFor(() => expect(screen.getByTestId('category-statistics-2026-12-07').children[1].textContent).toBe('6'));
    expect(screen.getByTestId('category-statistics-2026-12-07').children[3].textContent).toBe('12');
    view.unmount();
  });
});
