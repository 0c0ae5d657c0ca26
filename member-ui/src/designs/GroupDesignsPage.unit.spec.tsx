/** @jest-environment jsdom */
import '../appointments/jsdom-text-encoding.cjs';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Outlet, Route, Routes } from 'react-router-dom';
import type { DesignDto, GroupDetailDto } from '@cn/contracts';
import { aGroup as fixtureGroup, groupCan } from '../testing/group-fixtures';
import { fakeChannel, fakeServer, renderPage } from '../testing/render';
import { GroupDesignsPage } from './GroupDesignsPage';

// the upload itself goes through XMLHttpRequest (files-api.ts, with progress); here it answers the uploaded file
const uploaded: File[] = [];
jest.mock('../files/files-api', () => ({
  filesApi: () => ({
    upload: (file: File) => {
      uploaded.push(file);
      return Promise.resolve({ id: 'f-logo', name: file.name, size: file.size, extension: 'png' });
    },
  }),
}));

/** Choir with its administrator's flags, or a plain member's */
const aGroup = (edit_designs: boolean): GroupDetailDto =>
  fixtureGroup({ is_group_admin: edit_designs, can: groupCan(edit_designs ? { update: true, destroy: true, archive: true, invite: true, moderate: true, create_calendars: true, edit_widgetbars: true, edit_designs: true, edit_navigation: true, view_statistics: true } : {}) });

const design = (id: string, name: string, active: boolean): DesignDto => ({
  id,
  scope_type: 'group',
  scope_id: 'g1',
  name,
  primary_color: '#224466',
  primary_text_color: '#ffffff',
  background_color: '#f4f4f4',
  logo_url: null,
  active,
  updated_at: '2026-12-06T10:00:00.000Z',
});

const LIST = '/groups/choir/administration/designs';

/** the page inside the group's layout, which hands the group down as the outlet's context */
const InGroup = ({ group }: { group: GroupDetailDto }) => (
  <Routes>
    <Route element={<Outlet context={group} />}>
      <Route index element={<GroupDesignsPage />} />
    </Route>
  </Routes>
);
const renderIn = (group: GroupDetailDto, server: ReturnType<typeof fakeServer>, channel = fakeChannel()) =>
  renderPage(<InGroup group={group} />, { url: LIST, path: `${LIST}/*`, api: server.api, channel });

describe("a group's designs page", () => {
  it('lists the designs with the active one marked, creates one with the form and shows it after the save', async () => {
    let designs = [design('d-summer', 'Summer', true)];
    const server = fakeServer({
      [`GET ${LIST}`]: () => ({ status: 200, body: designs }),
      [`POST ${LIST}`]: (call) => {
        designs = [...designs, { ...design('d-winter', 'Winter', false), ...(call.body as Partial<DesignDto>) }];
        return { status: 201, body: { position: 3, id: 'd-winter' }, position: 3 };
      },
    });
    const view = renderIn(aGroup(true), server);
    const summer = await screen.findByTestId('group-design-d-summer');
    expect(summer.textContent).toContain('Summer');
    expect(summer.textContent).toContain('Active');
    expect(summer.textContent).toContain('Switch off');

    fireEvent.click(screen.getByTestId('group-design-new'));
    fireEvent.change(screen.getByTestId('group-design-name'), { target: { value: 'Winter' } });
    fireEvent.change(screen.getByTestId('group-design-primary_color'), { target: { value: '#112233' } });
    fireEvent.click(screen.getByTestId('group-design-save'));
    await waitFor(() => expect(server.callsTo('POST', LIST)).toHaveLength(1));
    expect(server.callsTo('POST', LIST)[0].body).toEqual({ name: 'Winter', primary_color: '#112233', primary_text_color: '#ffffff', background_color: '#f5f6f7', logo_url: '' });
    expect(await screen.findByText('The design was saved.')).toBeTruthy();
    expect((await screen.findByTestId('group-design-d-winter')).textContent).toContain('Activate');
    expect(screen.queryByTestId('group-design-form')).toBeNull();
    view.unmount();
  });

  it('reads the list again when a design change is pushed', async () => {
    let designs = [design('d-summer', 'Summer', true)];
    const server = fakeServer({ [`GET ${LIST}`]: () => ({ status: 200, body: designs }) });
    const channel = fakeChannel();
    const view = renderIn(aGroup(true), server, channel);
    await screen.findByTestId('group-design-d-summer');
    designs = [design('d-summer', 'Summer sun', false)];
    await act(async () => {
      channel.push({ collection: 'designs_v1', id: 'd-summer', doc: { position: 9 } });
      await Promise.resolve();
    });
    await waitFor(() => expect(screen.getByTestId('group-design-d-summer').textContent).toContain('Summer sun'));
    expect(screen.queryByTestId('group-design-active')).toBeNull();
    view.unmount();
  });

  it('tells a refused delete in words and keeps the design', async () => {
    const server = fakeServer({
      [`GET ${LIST}`]: { status: 200, body: [design('d-summer', 'Summer', true)] },
      [`DELETE ${LIST}/d-summer`]: { status: 409, body: { statusCode: 409, error: 'design_active', errors: [] } },
    });
    const view = renderIn(aGroup(true), server);
    fireEvent.click(await screen.findByTestId('group-design-delete'));
    expect(screen.getByText('Delete Summer?')).toBeTruthy();
    fireEvent.click(screen.getByTestId('group-design-delete-confirm'));
    expect(await screen.findByText('This design is active. Switch it off or activate another one first.')).toBeTruthy();
    expect(screen.getByTestId('group-design-d-summer')).toBeTruthy();
    view.unmount();
  });

  it('shows a member who does not administrate the group no designs and asks the server nothing', async () => {
    const server = fakeServer({ [`GET ${LIST}`]: { status: 403, body: { statusCode: 403, error: 'forbidden', errors: [] } } });
    const view = renderIn(aGroup(false), server);
    expect(await screen.findByTestId('group-designs-forbidden')).toBeTruthy();
    expect(server.callsTo('GET', LIST)).toEqual([]);
    view.unmount();
  });

  it("uploads the logo and saves the design with the upload's storage path", async () => {
    const server = fakeServer({
      [`GET ${LIST}`]: { status: 200, body: [] },
      [`POST ${LIST}`]: { status: 201, body: { position: 4, id: 'd-new' }, position: 4 },
    });
    const view = renderIn(aGroup(true), server);
    fireEvent.click(await screen.findByTestId('group-design-new'));
    fireEvent.change(screen.getByTestId('group-design-name'), { target: { value: 'Logo' } });
    const logo = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('group-design-logo-file'), { target: { files: [logo] } });
    await waitFor(() => expect(screen.getByTestId<HTMLInputElement>('group-design-logo').value).toBe('/api/storage/files/f-logo/get/logo'));
    expect(uploaded).toEqual([logo]);
    expect(screen.getByTestId('group-design-logo-preview').getAttribute('src')).toBe('/api/storage/files/f-logo/get/logo');
    fireEvent.click(screen.getByTestId('group-design-save'));
    await waitFor(() => expect(server.callsTo('POST', LIST)).toHaveLength(1));
    expect(server.callsTo('POST', LIST)[0].body).toMatchObject({ name: 'Logo', logo_url: '/api/storage/files/f-logo/get/logo' });
    view.unmount();
  });
});
