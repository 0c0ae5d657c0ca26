/** @jest-environment jsdom */
import '../appointments/jsdom-text-encoding.cjs';
import type { FollowingResponse, FollowStateResponse } from '@cn/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemberPage } from '../members/MemberPage';
import { aMember } from '../testing/fixtures';
import { fakeServer, renderPage } from '../testing/render';

jest.mock('../members/members.css', () => ({}));

describe('following members on the member page', () => {
  it("follows another member by the server's flag, then offers to stop", async () => {
    let state: FollowStateResponse = { following: false, can: { follow: true } };
    const server = fakeServer({
      'GET /members/m2': { status: 200, body: aMember({ id: 'm2', displayName: 'Otto', name: 'Otto' }) },
      'GET /api/v1/members/m2/follow': () => ({ status: 200, body: state }),
      'POST /api/v1/members/m2/follow': () => {
        state = { following: true, can: { follow: true } };
        return { status: 200, body: { position: 7, following: true }, position: 7 };
      },
    });
    renderPage(<MemberPage />, { url: '/members/m2', path: '/members/:id', api: server.api });
    fireEvent.click(await screen.findByTestId('follow-member'));
    expect((await screen.findByTestId('unfollow-member')).textContent).toBe('Stop following');
    expect(server.callsTo('POST', '/api/v1/members/m2/follow')).toHaveLength(1);
    await screen.findByText('You follow this member now: their posts show in your stream.');
  });

  it('shows no button where the server says the viewer may not follow', async () => {
    const server = fakeServer({
      'GET /members/m2': { status: 200, body: aMember({ id: 'm2', displayName: 'Otto', name: 'Otto' }) },
      'GET /api/v1/members/m2/follow': { status: 200, body: { following: false, can: { follow: false } } satisfies FollowStateResponse },
    });
    renderPage(<MemberPage />, { url: '/members/m2', path: '/members/:id', api: server.api });
    await screen.findByTestId('member-name');
    await waitFor(() => expect(server.callsTo('GET', '/api/v1/members/m2/follow')).toHaveLength(1));
    expect(screen.queryByTestId('follow-member')).toBeNull();
  });

  it("lists whom one follows on one's own page, and reads it again when a follow is pushed", async () => {
    let list: FollowingResponse = { members: [] };
    const server = fakeServer({
      'GET /members/m1': { status: 200, body: aMember() },
      'GET /api/v1/members/m1/following': () => ({ status: 200, body: list }),
    });
    const { channel } = renderPage(<MemberPage />, { url: '/members/m1', path: '/members/:id', api: server.api });
    await screen.findByText("You follow nobody yet. A member's page has a button to follow them.");
    expect(screen.queryByTestId('follow-member')).toBeNull();
    // a profile page shows members: the server pushes their changes (an erased one leaves the list) to it
    expect(channel.topics()).toContain('members');
    list = { members: [{ id: 'm3', name: 'Grace Hopper', path: '/members/m3' }] };
    act(() => channel.push({ collection: 'member_follows', id: 'm1', doc: { position: 9 } }));
    expect((await screen.findByTestId('following-entry')).textContent).toBe('Grace Hopper');
  });
});
