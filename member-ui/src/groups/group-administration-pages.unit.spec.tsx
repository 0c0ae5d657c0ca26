/** @jest-environment jsdom */
import '../appointments/jsdom-text-encoding.cjs';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Outlet, Route, Routes } from 'react-router-dom';
import type { GroupDetailDto, NavigationResponse, StatisticsResponse } from '@cn/contracts';
import { aGroup, groupCan } from '../testing/group-fixtures';
import { fakeChannel, fakeServer, renderPage } from '../testing/render';
import { GroupNavigationPage, GroupStatisticsPage } from './GroupAdministrationPages';
import { GroupAdministrationPage } from './GroupLayout';

jest.mock('./groups.css', () => ({}));

const ROOT = '/groups/choir/administration';
const ADMIN = groupCan({ update: true, archive: true, destroy: true, moderate: true, edit_designs: true, edit_navigation: true, view_statistics: true });

/** the pages inside the group's layout, which hands the group down as the outlet's context (as App.tsx nests them) */
const InGroup = ({ group }: { group: GroupDetailDto }) => (
  <Routes>
    <Route element={<Outlet context={group} />}>
      <Route index element={<GroupAdministrationPage />} />
      <Route path="navigation" element={<GroupNavigationPage />} />
      <Route path="statistics" element={<GroupStatisticsPage />} />
    </Route>
  </Routes>
);
const renderAt = (url: string, group: GroupDetailDto, server: ReturnType<typeof fakeServer>, channel = fakeChannel()) =>
  renderPage(<InGroup group={group} />, { url, path: `${ROOT}/*`, api: server.api, channel });

const statistics = (members: number): StatisticsResponse => ({ scope: 'group', from: '2026-12-07', to: '2026-12-07', days: [{ date: '2026-12-07', members, active_members: 1, events: 4, commands: 2 }], storage_bytes: null });

describe("a group's administration: navigation and statistics", () => {
  it('links the navigation and statistics by the flags, and hides them from one who may not', async () => {
    const server = fakeServer({ [`GET ${ROOT}/join_requests`]: { status: 200, body: { join_requests: [] } } });
    const view = renderAt(ROOT, aGroup({ can: ADMIN }), server);
    expect((await screen.findByTestId('group-navigation-open')).getAttribute('href')).toBe(`${ROOT}/navigation`);
    expect(screen.getByTestId('group-statistics-open').getAttribute('href')).toBe(`${ROOT}/statistics`);
    view.unmount();
    const moderatorOnly = renderAt(ROOT, aGroup({ can: groupCan({ moderate: true, archive: true }) }), server);
    await screen.findByTestId('group-administration');
    expect(screen.queryByTestId('group-navigation-open')).toBeNull();
    expect(screen.queryByTestId('group-statistics-open')).toBeNull();
    moderatorOnly.unmount();
  });

  it("saves the group's navigation at the revision the edit began from and shows a field's error in words", async () => {
    let saved: NavigationResponse = { scope: 'g1', navigation_items: [], revision: 2 };
    const server = fakeServer({
      [`GET ${ROOT}/navigation.json`]: () => ({ status: 200, body: saved }),
      [`PUT ${ROOT}/navigation`]: (call) =>
        (call.body as { navigation_items: Array<{ link: string }> }).navigation_items[0]?.link === ''
          ? { status: 400, body: { statusCode: 400, error: 'validation_failed', errors: [{ field: 'navigation_items.0.link', key: 'empty_fields' }] } }
          : { status: 200, body: { position: 7 }, position: 7 },
    });
    const channel = fakeChannel();
    const view = renderAt(`${ROOT}/navigation`, aGroup({ can: ADMIN }), server, channel);
    fireEvent.click(await screen.findByTestId('group-navigation-add'));
    fireEvent.change(screen.getByTestId('navigation_items.0.text'), { target: { value: 'Rehearsals' } });
    fireEvent.click(screen.getByTestId('group-navigation-save'));
    expect((await screen.findAllByText('Please fill in the text and a link.')).length).toBeGreaterThan(0);
    // another console saves meanwhile: the pushed change reads the navigation again, the draft stays at its revision
    saved = { ...saved, revision: 3 };
    const reads = server.callsTo('GET', `${ROOT}/navigation.json`).length;
    await act(async () => {
      channel.push({ collection: 'navigations_v1', id: 'g1', doc: { position: 8 } });
      await Promise.resolve();
    });
    await waitFor(() => expect(server.callsTo('GET', `${ROOT}/navigation.json`).length).toBeGreaterThan(reads));
    fireEvent.change(screen.getByTestId('navigation_items.0.link'), { target: { value: '/pages/rehearsals' } });
    fireEvent.click(screen.getByTestId('group-navigation-save'));
    await waitFor(() => expect(server.callsTo('PUT', `${ROOT}/navigation`)).toHaveLength(2));
    expect(server.callsTo('PUT', `${ROOT}/navigation`)[1].body).toEqual({ navigation_items: [{ text: 'Rehearsals', link: '/pages/rehearsals', link_type: 'link', public: false, new_window: false, navigation_items: [] }], revision: 2 });
    expect(await screen.findByText('The navigation was saved.')).toBeTruthy();
    view.unmount();
  });

  it("shows the group's statistics per day and reads them again when the group changes", async () => {
    let members = 2;
    const server = fakeServer({ [`GET ${ROOT}/statistics`]: () => ({ status: 200, body: statistics(members) }) });
    const channel = fakeChannel();
    const view = renderAt(`${ROOT}/statistics`, aGroup({ can: ADMIN }), server, channel);
    const row = await screen.findByTestId('group-statistics-2026-12-07');
    expect(row.textContent).toContain('2');
    expect(screen.getByTestId('group-statistics').textContent).toContain('Members');
    members = 3;
    await act(async () => {
      channel.push({ collection: 'groups_v1', id: 'choir', doc: { position: 9 } });
      await Promise.resolve();
    });
    await waitFor(() => expect(screen.getByTestId('group-statistics-2026-12-07').children[1].textContent).toBe('3'));
    view.unmount();
  });

  it("watches the statistics topic and reads the per-day counts again when the group's day is pushed", async () => {
    let events = 4;
    const server = fakeServer({ [`GET ${ROOT}/statistics`]: () => ({ status: 200, body: { ...statistics(2), days: [{ date: '2026-12-07', members: 2, active_members: 1, events, commands: 2 }] } }) });
    const channel = fakeChannel();
    const view = renderAt(`${ROOT}/statistics`, aGroup({ can: ADMIN }), server, channel);
    const row = await screen.findByTestId('group-statistics-2026-12-07');
    expect(row.children[3].textContent).toBe('4');
    await waitFor(() => expect(channel.topics()).toContain('statistics'));
    events = 7;
    await act(async () => {
      channel.push({ collection: 'statistics_days', id: 'g1', doc: { position: 12 } });
      await Promise.resolve();
    });
    await waitFor(() => expect(screen.getByTestId('group-statistics-2026-12-07').children[3].textContent).toBe('7'));
    view.unmount();
  });

  it('refuses both pages in words to one whose flags say no, without asking the server', async () => {
    const server = fakeServer({});
    const member = aGroup({ is_group_admin: false, can: groupCan() });
    const navigation = renderAt(`${ROOT}/navigation`, member, server);
    expect((await screen.findByTestId('group-navigation-forbidden')).textContent).toContain('Only group admins see this page.');
    navigation.unmount();
    const stats = renderAt(`${ROOT}/statistics`, member, server);
    expect((await screen.findByTestId('group-statistics-forbidden')).textContent).toContain('Only group admins see this page.');
    stats.unmount();
    expect(server.callsTo('GET', `${ROOT}/navigation.json`)).toHaveLength(0);
    expect(server.callsTo('GET', `${ROOT}/statistics`)).toHaveLength(0);
  });
});
