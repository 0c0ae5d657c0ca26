/** @jest-environment jsdom */
import '../appointments/jsdom-text-encoding.cjs';
import { CONSISTENCY_HEADER, type AppointmentDto, type DirectoryMembersResponse, type InvitesResponse } from '@cn/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { AppointmentDetailPage } from '../appointments/AppointmentDetailPage';
import { DirectoryMembersPage } from '../directory/DirectoryMembersPage';
import { InvitesPage } from '../invites/InvitesPage';
import { MemberPage } from '../members/MemberPage';
import { aMember, anAppointment } from '../testing/fixtures';
import { fakeServer, renderPage, type Answer } from '../testing/render';

// the pages' style sheets: jest reads no CSS
jest.mock('../appointments/appointments.css', () => ({}));

const invited = (appointment: AppointmentDto, status: 'invited' | 'accepted'): AppointmentDto => ({
  ...appointment,
  can: { ...appointment.can, opt: true },
  participants: [
    {
      id: 'me',
      status,
      roles: [],
      membership: { ...aMember(), images: { small: null, large: null }, detection_profile_field: null, upn: null, show_add_upn_link: false },
    },
  ],
});
// an appointment still ahead, so that the invite can be answered
const upcoming = anAppointment({ date: { start: '2099-03-12T09:00:00.000Z', end: '2099-03-12T10:00:00.000Z', all_day: false, time_zone: 'UTC', same_day: true } });

describe('reading through the query cache', () => {
  it('shows the loading note, then the appointment', async () => {
    const server = fakeServer({ 'GET /appointments/a1': { status: 200, body: upcoming } });
    renderPage(<AppointmentDetailPage />, { url: '/appointments/a1', path: '/appointments/:id', api: server.api });
    expect(await screen.findByText('Loading …')).toBeTruthy();
    expect((await screen.findByTestId('appointment-title')).textContent).toBe('Board meeting');
  });

  it('shows a load error in words with a retry that reads again', async () => {
    let answer: Answer = { status: 401, body: { statusCode: 401, error: 'unauthenticated', errors: [] } };
    const server = fakeServer({ 'GET /appointments/a1': () => answer });
    renderPage(<AppointmentDetailPage />, { url: '/appointments/a1', path: '/appointments/:id', api: server.api });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Please sign in.');
    expect(alert.textContent).not.toContain('unauthenticated');
    answer = { status: 200, body: upcoming };
    fireEvent.click(screen.getByText('Try again'));
    expect((await screen.findByTestId('appointment-title')).textContent).toBe('Board meeting');
    expect(server.callsTo('GET', '/appointments/a1')).toHaveLength(2);
  });

  it('shows a missing appointment as not found', async () => {
    const server = fakeServer({});
    renderPage(<AppointmentDetailPage />, { url: '/appointments/gone', path: '/appointments/:id', api: server.api });
    expect((await screen.findByTestId('appointment-not-found')).textContent).toContain('Appointment not found');
  });
});

describe('commands read their own writes', () => {
  it('after accepting, reads the appointment again with the command position and shows the answer', async () => {
    let current = invited(upcoming, 'invited');
    const server = fakeServer({
      'GET /appointments/a1': () => ({ status: 200, body: current }),
      'PUT /appointments/a1/participants/me': () => {
        current = invited(upcoming, 'accepted');
        return { status: 200, body: { position: 42 }, position: 42 };
      },
    });
    renderPage(<AppointmentDetailPage />, { url: '/appointments/a1', path: '/appointments/:id', api: server.api });
    fireEvent.click(await screen.findByTestId('rsvp-accept'));

    await waitFor(() => expect(screen.getByTestId('rsvp').getAttribute('data-status')).toBe('accepted'));
    expect(server.callsTo('PUT', '/appointments/a1/participants/me')[0]?.body).toEqual({ participant: { status: 'accepted' }, apply_to: 'all' });
    const reads = server.callsTo('GET', '/appointments/a1');
    expect(reads).toHaveLength(2);
    expect(reads[0]?.headers[CONSISTENCY_HEADER]).toBeUndefined();
    expect(reads[1]?.headers[CONSISTENCY_HEADER]).toBe('42');
    expect(await screen.findByText('Accepted')).toBeTruthy();
  });

  it('keeps the appointment shown and says why when the server refuses', async () => {
    const server = fakeServer({
      'GET /appointments/a1': { status: 200, body: invited(upcoming, 'invited') },
      'PUT /appointments/a1/participants/me': { status: 409, body: { statusCode: 409, error: 'attendee_limit_exceeded', errors: [] } },
    });
    renderPage(<AppointmentDetailPage />, { url: '/appointments/a1', path: '/appointments/:id', api: server.api });
    fireEvent.click(await screen.findByTestId('rsvp-accept'));
    await waitFor(() => expect(document.body.textContent).toContain('All places are taken'));
    expect(screen.getByTestId('appointment-title').textContent).toBe('Board meeting');
    expect(server.callsTo('GET', '/appointments/a1')).toHaveLength(1);
  });
});

describe('the realtime channel keeps pages live', () => {
  it('reads an appointment again when its document changes', async () => {
    let current = upcoming;
    const server = fakeServer({ 'GET /appointments/a1': () => ({ status: 200, body: current }) });
    const { channel } = renderPage(<AppointmentDetailPage />, { url: '/appointments/a1', path: '/appointments/:id', api: server.api });
    await screen.findByTestId('appointment-title');
    current = { ...upcoming, name: 'Board meeting (moved)' };
    act(() => channel.push({ collection: 'appointments_v1', id: 'a1', doc: null }));
    await waitFor(() => expect(screen.getByTestId('appointment-title').textContent).toBe('Board meeting (moved)'));
  });

  it('ignores changes of collections the page does not show', async () => {
    const server = fakeServer({ 'GET /appointments/a1': { status: 200, body: upcoming } });
    const { channel } = renderPage(<AppointmentDetailPage />, { url: '/appointments/a1', path: '/appointments/:id', api: server.api });
    await screen.findByTestId('appointment-title');
    act(() => channel.push({ collection: 'audit_events', id: 'e1', doc: {} }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(server.callsTo('GET', '/appointments/a1')).toHaveLength(1);
  });

  it('writes a pushed presence into the directory and the member page without asking again', async () => {
    const directory: DirectoryMembersResponse = {
      entries: [aMember({ id: 'm2', displayName: 'Otto', name: 'Otto', status: { type: 'online', text: '' } })],
      pagination: { page: 1, per_page: 20, total: 1, total_pages: 1 },
    };
    const server = fakeServer({ 'GET /directory/members': { status: 200, body: directory } });
    const { channel } = renderPage(<DirectoryMembersPage />, { url: '/directory/members', api: server.api });
    await screen.findByTestId('directory-total');
    expect(screen.getByTestId('presence').getAttribute('data-presence')).toBe('online');
    act(() => channel.push({ collection: 'members', id: 'm2', doc: { status: { type: 'busy', text: 'In a call' } } }));
    await waitFor(() => expect(screen.getByTestId('directory-members').textContent).toContain('In a call'));
    expect(screen.getByTestId('presence').getAttribute('data-presence')).toBe('busy');
    expect(server.callsTo('GET', '/directory/members')).toHaveLength(1);
  });

  it('shows a member page with the status pushed after it loaded', async () => {
    const server = fakeServer({ 'GET /members/m2': { status: 200, body: aMember({ id: 'm2', displayName: 'Otto', name: 'Otto' }) } });
    const { channel } = renderPage(<MemberPage />, { url: '/members/m2', path: '/members/:id', api: server.api });
    expect((await screen.findByTestId('member-name')).textContent).toBe('Otto');
    act(() => channel.push({ collection: 'members_v1', id: 'm2', doc: { presence: { type: 'busy', text: 'Travelling' } } }));
    await waitFor(() => expect(screen.getByTestId('member-page').textContent).toContain('Travelling'));
    expect(server.callsTo('GET', '/members/m2')).toHaveLength(1);
  });
});

describe('the invites page', () => {
  const invite = (id: string, name: string): InvitesResponse['invites'][number] => ({
    id: `${id}.m1`,
    invitable: { id, name },
    invitable_type: 'Appointment',
    author: null,
    invited_by: null,
    status: 'open',
    appointment: { id, name, date: upcoming.date, status: 'active', participation_locked: false },
  });

  it('loads more, then starts again from the first page after an answer, with the new open count', async () => {
    let open = [invite('a1', 'Board meeting'), invite('a2', 'Summer party')];
    const server = fakeServer({
      'GET /api/v1/invites': (call) =>
        call.url.includes('cursor=2')
          ? { status: 200, body: { invites: [invite('a3', 'Winter party')], open_count: 3, next: null } }
          : { status: 200, body: { invites: open, open_count: open.length + 1, next: '/api/v1/invites?cursor=2' } },
      'POST /api/v1/invites/a1.m1/accept': () => {
        open = open.filter((entry) => entry.id !== 'a1.m1');
        return { status: 200, body: { position: 7 }, position: 7 };
      },
    });
    renderPage(<InvitesPage />, { url: '/appointments/invites', api: server.api });
    expect(await screen.findAllByTestId('invite')).toHaveLength(2);
    expect(screen.getByTestId('open-count-badge').textContent).toBe('3');

    fireEvent.click(screen.getByTestId('invites-load-more'));
    await waitFor(() => expect(screen.getAllByTestId('invite')).toHaveLength(3));
    expect(screen.queryByTestId('invites-load-more')).toBeNull();

    fireEvent.click(screen.getAllByTestId('rsvp-accept')[0]);
    await waitFor(() => expect(screen.getAllByTestId('invite').map((row) => row.getAttribute('data-appointment-id'))).toEqual(['a2']));
    expect(screen.getByTestId('open-count-badge').textContent).toBe('2');
    expect(screen.getByText('Invite accepted')).toBeTruthy();
    expect(server.calls.at(-1)?.headers[CONSISTENCY_HEADER]).toBe('7');
  });

  it('keeps the rows when loading more fails, and says so', async () => {
    const server = fakeServer({
      'GET /api/v1/invites': (call) =>
        call.url.includes('cursor=2')
          ? { status: 500 }
          : { status: 200, body: { invites: [invite('a1', 'Board meeting')], open_count: 1, next: '/api/v1/invites?cursor=2' } },
    });
    renderPage(<InvitesPage />, { url: '/appointments/invites', api: server.api });
    fireEvent.click(await screen.findByTestId('invites-load-more'));
    await waitFor(() => expect(document.body.textContent).toContain('Something went wrong'));
    expect(screen.getAllByTestId('invite')).toHaveLength(1);
  });
});
