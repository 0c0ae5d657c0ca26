/** @jest-environment jsdom */
import '../appointments/jsdom-text-encoding.cjs';
import type { GlobalSearchResponse, GroupInviteDto, GroupSearchHit } from '@cn/contracts';
import { SEARCH_MODULES } from '@cn/contracts';
import { screen, within } from '@testing-library/react';
import { fakeServer, renderPage } from '../testing/render';
import { SearchPage } from '../search/SearchPage';
import { GroupInvitesPage, SentGroupInvitesPage } from './GroupInvitesPage';

jest.mock('./groups.css', () => ({}));
jest.mock('../search/search.css', () => ({}));

const images = (id: string) => ({ small: `/api/v1/group_images/${id}?v=7&size=small`, large: `/api/v1/group_images/${id}?v=7&size=large` });

const groupHit = (id: string, name: string, withImage: boolean): GroupSearchHit => ({
  id,
  slug: name.toLowerCase(),
  name,
  images: withImage ? images(id) : null,
  archived: false,
  access: 'open',
  member_count: 3,
  activity_count: 0,
  teaser: '',
  group_category_id: 'c1',
  html_url: `/groups/${name.toLowerCase()}`,
});

const invite = (id: string, group: { id: string; name: string }, withImage: boolean): GroupInviteDto => ({
  id,
  type: 'group_invite',
  status: 'open',
  invitable: { id: group.id, name: group.name, slug: group.name.toLowerCase(), access: 'open', member_count: 3, activity_count: 0, teaser: '', images: withImage ? images(group.id) : null },
  author: { id: 'ada', name: 'Ada Admin' },
  invitee: { id: 'max', name: 'Max Member' },
  additional_message: '',
  created_at: '2026-11-23T09:00:00.000Z',
});

describe("groups' images in search hits and invites", () => {
  it("a group hit of the search shows the group's small image, a group without one its initial", async () => {
    const hits = [groupHit('g1', 'Choir', true), groupHit('g2', 'Runners', false)];
    const body: GlobalSearchResponse = {
      q: 'o',
      module: null,
      page: 1,
      sort_by: 'score,asc',
      group: null,
      counts: SEARCH_MODULES.map((module) => ({ module, count: module === 'groups' ? 2 : 0 })),
      results: [{ module: 'groups', total: 2, hits: hits.map((group) => ({ id: group.id, module: 'groups', title: group.name, html_url: group.html_url, html_content: '', created_at: null, group })) }],
      pagination: null,
    };
    const server = fakeServer({ 'GET /search.json': { status: 200, body } });
    renderPage(<SearchPage />, { url: '/search?q=o', path: '/search', api: server.api });
    const [choir, runners] = await screen.findAllByTestId('search-hit-groups');
    expect(within(choir).getByTestId('group-image').getAttribute('src')).toBe('/api/v1/group_images/g1?v=7&size=small');
    expect(within(choir).getByRole('link', { name: 'Choir' })).toBeTruthy();
    expect(within(runners).queryByTestId('group-image')).toBeNull();
    expect(within(runners).getByTestId('group-image-placeholder').textContent).toBe('R');
  });

  it("a received invite and a sent invite show the group's small image (or its initial)", async () => {
    const received = fakeServer({ 'GET /api/v1/group_invites': { status: 200, body: { invites: [invite('i1', { id: 'g1', name: 'Choir' }, true), invite('i2', { id: 'g2', name: 'Runners' }, false)], open_count: 2 } } });
    renderPage(<GroupInvitesPage />, { url: '/invites', path: '/invites', api: received.api });
    const card = await screen.findByTestId('group-invite-i1');
    expect(within(card).getByTestId('group-image').getAttribute('src')).toBe('/api/v1/group_images/g1?v=7&size=small');
    expect(within(screen.getByTestId('group-invite-i2')).getByTestId('group-image-placeholder').textContent).toBe('R');

    const sent = fakeServer({ 'GET /api/v1/group_invites/sent': { status: 200, body: { invites: [invite('i1', { id: 'g1', name: 'Choir' }, true)], open_count: 1 } } });
    renderPage(<SentGroupInvitesPage />, { url: '/invites/sent', path: '/invites/sent', api: sent.api });
    const row = await screen.findByTestId('sent-invite-i1');
    expect(within(row).getByTestId('group-image').getAttribute('src')).toBe('/api/v1/group_images/g1?v=7&size=small');
  });
});
