/** @jest-environment jsdom */
import '../appointments/jsdom-text-encoding.cjs';
import type { DirectoryMembersResponse, MemberCan } from '@cn/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { DirectoryMembersPage } from '../directory/DirectoryMembersPage';
import { MemberRow } from '../directory/MemberRow';
import { aMember, aNetworkResponse } from '../testing/fixtures';
import { fakeServer, renderPage, renderSection, type Answer } from '../testing/render';
import { ChangeRequestPage } from './ChangeRequestPage';
import { MemberEditPage } from './MemberEditPage';
import { OnboardingPage } from './OnboardingPage';

jest.mock('./members.css', () => ({}));

const can = (overrides: Partial<MemberCan> = {}): MemberCan => ({
  update_profile: false,
  update_registration: false,
  ignore: false,
  invite_internal: false,
  invite_external: false,
  request_changes: false,
  ...overrides,
});

describe('the profile form (/members/:id/edit)', () => {
  it('sends only the changed fields, and shows a refused field next to it', async () => {
    const own = aMember({ can: can({ update_profile: true, update_registration: true }), birthday: null, show_age: false });
    let answer: Answer = { status: 400, body: { statusCode: 400, error: 'validation_failed', errors: [{ field: 'last_name', key: 'too_long' }] } };
    const server = fakeServer({ 'GET /members/m1': { status: 200, body: own }, 'PUT /members/m1': () => answer });
    renderPage(<MemberEditPage />, { url: '/members/m1/edit', path: '/members/:id/edit', api: server.api, others: { '/members/:id': <p data-testid="member-page" /> } });
    const save = await screen.findByTestId('save-profile');
    expect(save).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByTestId('profile-last_name'), { target: { value: 'Musterfrau' } });
    expect(save).toHaveProperty('disabled', false);
    fireEvent.click(save);
    await screen.findByText('The text is too long.');
    expect(server.callsTo('PUT', '/members/m1')[0]?.body).toEqual({ last_name: 'Musterfrau' });

    answer = { status: 200, body: { position: 5 }, position: 5 };
    fireEvent.click(save);
    await screen.findByTestId('member-page');
  });

  it('says so instead of a form when the viewer may not edit the profile', async () => {
    const server = fakeServer({ 'GET /members/m2': { status: 200, body: aMember({ id: 'm2', can: can({ ignore: true }) }) } });
    renderPage(<MemberEditPage />, { url: '/members/m2/edit', path: '/members/:id/edit', api: server.api });
    await screen.findByTestId('member-edit-forbidden');
    expect(screen.queryByTestId('profile-form')).toBeNull();
  });
});

describe('change requests', () => {
  const withChangeRequests = (answers: Record<string, Answer | (() => Answer)>) =>
    fakeServer({
      'GET /api/v1/network': { status: 200, body: aNetworkResponse({ network: { memberships: { change_requests: { enabled: true, profile_fields: ['last_name'] } } } }) },
      'GET /members/m1': { status: 200, body: aMember({ can: can({ update_profile: true, request_changes: true }) }) },
      ...answers,
    });

  it('the profile form locks the covered fields and links to the request', async () => {
    const server = withChangeRequests({});
    renderPage(<MemberEditPage />, { url: '/members/m1/edit', path: '/members/:id/edit', api: server.api });
    await screen.findByTestId('profile-form');
    expect(screen.getByTestId('profile-last_name')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('profile-first_name')).toHaveProperty('disabled', false);
    expect(screen.getByTestId('profile-locked-hint').querySelector('a')?.getAttribute('href')).toBe('/members/m1/change_requests/new');
  });

  it('sends only the covered fields that were filled in', async () => {
    const server = withChangeRequests({ 'POST /change_requests': { status: 201, body: { id: 'c1', position: 3 }, position: 3 } });
    renderPage(<ChangeRequestPage />, { url: '/change_requests/new', path: '/change_requests/new', api: server.api, others: { '/members/:id': <p data-testid="member-page" /> } });
    fireEvent.change(await screen.findByTestId('change-last_name'), { target: { value: 'Gast' } });
    expect(screen.queryByTestId('change-first_name')).toBeNull();
    fireEvent.click(screen.getByTestId('send-change-request'));
    await screen.findByTestId('member-page');
    expect(server.callsTo('POST', '/change_requests')[0]?.body).toEqual({ last_name: 'Gast' });
  });
});

describe('directory rows', () => {
  it('show badges (admin, external, roles) and the invite button the row flags allow', () => {
    renderSection(
      <ul>
        <MemberRow member={aMember({ id: 'a', is_network_admin: true, roles: [{ id: 'r1', name: 'Kassenwart' }], can: can({ invite_internal: true }) })} showPresence={false} />
        <MemberRow member={aMember({ id: 'g', is_external: true, displayName: 'Gina Guest', can: can({ invite_external: true }) })} showPresence={false} />
        <MemberRow member={aMember({ id: 'm1', can: can() })} showPresence={false} />
      </ul>,
    );
    expect(screen.getAllByTestId('badge-admin')).toHaveLength(1);
    expect(screen.getAllByTestId('badge-external')).toHaveLength(1);
    expect(screen.getByTestId('badge-role').textContent).toBe('Kassenwart');
    expect(screen.getByTestId('member-invite-internal').getAttribute('href')).toBe('/invites/new?member_id=a&member_name=Mia+Muster');
    expect(screen.getByTestId('member-invite-external').textContent).toBe('Invite guest to a group');
    expect(screen.getAllByRole('link').filter((link) => link.textContent?.startsWith('Invite'))).toHaveLength(2);
  });

  it('follow a pushed name change without asking the search again', async () => {
    const page: DirectoryMembersResponse = { entries: [aMember({ id: 'm2', displayName: 'Max Member', name: 'Max Member' })], pagination: { page: 1, per_page: 25, total: 1, total_pages: 1 } };
    const server = fakeServer({ 'GET /directory/members': { status: 200, body: page } });
    const { channel } = renderPage(<DirectoryMembersPage />, { url: '/directory/members', api: server.api });
    await screen.findByText('Max Member');
    // the server pushes other members' changes only to consoles whose pages watch members
    expect(channel.topics()).toContain('members');
    act(() => channel.push({ collection: 'members_v1', id: 'm2', doc: aMember({ id: 'm2', displayName: 'Maximilian Member', name: 'Maximilian Member', first_name: 'Maximilian' }) }));
    await screen.findByText('Maximilian Member');
    expect(server.callsTo('GET', '/directory/members')).toHaveLength(1);
  });
});

describe('onboarding', () => {
  it('sends a member whose profile is asked for to /onboarding/profile, then where the answer says', async () => {
    let pending = true;
    const server = fakeServer({
      'GET /api/v1/network': () => ({ status: 200, body: aNetworkResponse({ member: { onboarding_pending: pending || undefined, last_name: '' } }) }),
      'PUT /onboarding/profile': () => {
        pending = false;
        return { status: 200, body: { position: 4, redirect_to: '/directory/members' }, position: 4 };
      },
    });
    renderPage(<p data-testid="directory" />, { url: '/directory/members', path: '/directory/members', api: server.api, others: { '/onboarding/profile': <OnboardingPage /> } });
    await screen.findByTestId('onboarding-profile');
    fireEvent.change(screen.getByTestId('onboarding-last_name'), { target: { value: 'Neu' } });
    fireEvent.click(screen.getByTestId('onboarding-save'));
    await screen.findByTestId('directory');
    await waitFor(() => expect(server.callsTo('PUT', '/onboarding/profile')[0]?.body).toMatchObject({ first_name: 'Mia', last_name: 'Neu' }));
  });
});
