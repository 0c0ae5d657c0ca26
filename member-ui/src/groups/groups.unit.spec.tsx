/** @jest-environment jsdom */
import '../appointments/jsdom-text-encoding.cjs';
import type { GroupCategoriesResponse, GroupDetailDto, GroupDirectoryResponse, GroupListEntryDto, MyGroupsResponse } from '@cn/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { aGroup, groupCan } from '../testing/group-fixtures';
import { fakeServer, renderPage, type Answer } from '../testing/render';
import { DirectoryGroupsPage } from './DirectoryGroupsPage';
import { EditGroupPage } from './GroupFormPage';
import { MyGroupsNav } from './MyGroupsNav';

jest.mock('./groups.css', () => ({}));

const anEntry = (slug: string, overrides: Partial<GroupListEntryDto> = {}): GroupListEntryDto => ({
  id: slug,
  slug,
  name: slug,
  group_category_id: 'c1',
  archived: false,
  access: 'open',
  externally_visible: false,
  member_count: 1,
  activity_count: 0,
  teaser: '',
  membership_status_of_current_member: 'no_member',
  favorited: false,
  can: { join: false, join_moderated: false, leave: false },
  ...overrides,
});

describe("the member's groups in the navigation", () => {
  it('lists them (favourites first, as answered) and follows a pushed group change without a reload', async () => {
    let answer: MyGroupsResponse = { groups: [{ id: 'g1', slug: 'choir', name: 'Choir', favorited: true, archived: false }] };
    const server = fakeServer({ 'GET /api/v1/my_groups': (): Answer => ({ status: 200, body: answer }) });
    const { channel } = renderPage(<MyGroupsNav collapsed={false} onToggle={() => undefined} />, { url: '/appointments', api: server.api });
    await screen.findByTestId('nav-group-choir');
    expect(screen.getByTestId('nav-group-choir').textContent).toContain('★');
    expect(screen.queryByTestId('nav-group-books')).toBeNull();

    // a group admin accepted the member's join request: the projection pushes the group's change
    answer = { groups: [...answer.groups, { id: 'g2', slug: 'books', name: 'Book club', favorited: false, archived: false }] };
    act(() => channel.push({ collection: 'groups', id: 'g2', doc: { position: 9 } }));
    await screen.findByTestId('nav-group-books');
    expect(server.callsTo('GET', '/api/v1/my_groups')).toHaveLength(2);
  });
});

describe('the directory tab of a category', () => {
  it('offers join, a join request or a disabled label by membership, with badges', async () => {
    const directory: GroupDirectoryResponse = {
      category: { id: 'c1', slug: 'interest-groups', name: 'Interest group', plural_name: 'Interest groups', color: '1976d2' },
      entries: [
        anEntry('open', { can: { join: true, join_moderated: false, leave: false } }),
        anEntry('moderated', { can: { join: false, join_moderated: true, leave: false } }),
        anEntry('waiting', { membership_status_of_current_member: 'in_moderation', access: 'closed' }),
        anEntry('archived', { archived: true }),
      ],
      page: 1,
      per_page: 20,
      total: 4,
      total_pages: 1,
    };
    const categories: GroupCategoriesResponse = { group_categories: [{ ...directory.category, order: 0, members_can_create: true, group_count: 4, can: { create: true, administrate: false } }] };
    const server = fakeServer({
      'GET /api/v1/group_directory/interest-groups': { status: 200, body: directory },
      'GET /api/v1/group_categories': { status: 200, body: categories },
      'POST /api/v1/groups/moderated/join': { status: 200, body: { position: 3 } },
    });
    renderPage(<DirectoryGroupsPage />, { url: '/directory/interest-groups', path: '/directory/:categorySlug', api: server.api });
    const open = await screen.findByTestId('group-row-open');
    expect(open.querySelector('[data-testid="group-join"]')).not.toBeNull();
    const waiting = screen.getByTestId('group-row-waiting');
    expect((waiting.querySelector('[data-testid="group-in-moderation"]') as HTMLButtonElement).disabled).toBe(true);
    expect(waiting.querySelector('[data-testid="group-badge-closed"]')).not.toBeNull();
    expect(screen.getByTestId('group-row-archived').querySelector('[data-testid="group-badge-archived"]')).not.toBeNull();
    expect(await screen.findByTestId('directory-new-group')).toBeTruthy();

    fireEvent.click(screen.getByTestId('group-row-moderated').querySelector('[data-testid="group-request"]') as HTMLElement);
    await waitFor(() => expect(server.callsTo('POST', '/api/v1/groups/moderated/join')).toHaveLength(1));
  });
});

describe("a category's administrators", () => {
  it('see the directory tab follow when they are named (its hidden groups appear) without a reload', async () => {
    const category = { id: 'c1', slug: 'teams', name: 'Team', plural_name: 'Teams', color: '1976d2' };
    let entries = [anEntry('open-team')];
    const server = fakeServer({
      'GET /api/v1/group_directory/teams': (): Answer => ({ status: 200, body: { category, entries, page: 1, per_page: 20, total: entries.length, total_pages: 1 } }),
      'GET /api/v1/group_categories': { status: 200, body: { group_categories: [{ ...category, order: 0, members_can_create: false, group_count: 1, can: { create: false, administrate: false } }] } },
    });
    const { channel } = renderPage(<DirectoryGroupsPage />, { url: '/directory/teams', path: '/directory/:categorySlug', api: server.api });
    await screen.findByTestId('group-row-open-team');
    expect(screen.queryByTestId('group-row-hidden-team')).toBeNull();
    // a network admin names the member the category's administrator: the category's change is pushed
    entries = [...entries, anEntry('hidden-team', { access: 'hidden' })];
    act(() => channel.push({ collection: 'group_categories_v2', id: 'teams', doc: { position: 9 } }));
    await screen.findByTestId('group-row-hidden-team');
  });
});

describe('the group form', () => {
  const renderEdit = (group: GroupDetailDto, routes: Record<string, Answer> = {}) => {
    const server = fakeServer({ 'GET /api/v1/groups/choir': { status: 200, body: group }, ...routes });
    renderPage(<EditGroupPage />, { url: '/groups/choir/edit', path: '/groups/:slug/edit', api: server.api });
    return server;
  };

  it('offers hidden only with can.create_hidden, no open access for a sensitive group, no moderated join for a hidden one', async () => {
    renderEdit(aGroup({ sensitive: true, access: 'closed' }));
    await screen.findByTestId('group-form');
    expect(screen.getByTestId<HTMLInputElement>('group-form-access-hidden').disabled).toBe(true);
    expect(screen.getByTestId<HTMLInputElement>('group-form-access-open').disabled).toBe(true);
    expect(screen.getByTestId<HTMLInputElement>('group-form-access-closed').disabled).toBe(false);
    expect(screen.getByTestId('group-form-moderated')).toBeTruthy();
    // sensitive and main group are for network admins only
    expect(screen.queryByTestId('group-form-sensitive')).toBeNull();
  });

  it('hides moderated join for a hidden group', async () => {
    renderEdit(aGroup({ access: 'hidden' }));
    await screen.findByTestId('group-form');
    expect(screen.queryByTestId('group-form-moderated')).toBeNull();
  });

  it('locks the access of the main group', async () => {
    renderEdit(aGroup({ active_main_group: true }));
    await screen.findByTestId('group-form');
    expect(screen.getByTestId<HTMLFieldSetElement>('group-form-access').disabled).toBe(true);
  });

  it('shows the server refusal on its field', async () => {
    const server = renderEdit(aGroup(), {
      'PUT /groups/choir': { status: 400, body: { statusCode: 400, error: 'validation_failed', errors: [{ field: 'group.name', key: 'too_long' }] } },
    });
    await screen.findByTestId('group-form');
    fireEvent.change(screen.getByTestId('group-form-name'), { target: { value: 'Choir II' } });
    fireEvent.click(screen.getByTestId('group-form-save'));
    await screen.findByTestId('error-group.name');
    expect(server.callsTo('PUT', '/groups/choir')[0].body).toMatchObject({ group: { name: 'Choir II' } });
  });

  it('shows only the danger zone for an archived group, and asks before deleting', async () => {
    const server = renderEdit(aGroup({ archived: true, can: groupCan({ archive: true, destroy: true }) }), { 'DELETE /groups/choir': { status: 200, body: { position: 4, redirect_to: '/directory' } } });
    await screen.findByTestId('danger-zone');
    expect(screen.queryByTestId('group-form')).toBeNull();
    expect(screen.getByTestId('group-unarchive')).toBeTruthy();
    fireEvent.click(screen.getByTestId('group-delete'));
    expect(server.callsTo('DELETE', '/groups/choir')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('group-delete-yes'));
    await waitFor(() => expect(server.callsTo('DELETE', '/groups/choir')).toHaveLength(1));
  });
});
