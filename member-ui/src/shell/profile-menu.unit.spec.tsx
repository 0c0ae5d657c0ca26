/** @jest-environment jsdom */
import '../appointments/jsdom-text-encoding.cjs';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aNetworkResponse } from '../testing/fixtures';
import { fakeServer, renderPage } from '../testing/render';
import { ProfileMenu } from './ProfileMenu';

describe('the profile menu', () => {
  it('holds the status control: the member sets busy with a text there, and the menu shows it', async () => {
    const server = fakeServer({
      'GET /api/v1/network': { status: 200, body: aNetworkResponse({ network: { show_online_status: 'optional' } }) },
      'PUT /api/v1/members/me/status': { status: 200, body: { position: 5 }, position: 5 },
    });
    renderPage(<ProfileMenu />, { url: '/', api: server.api });
    fireEvent.click(await screen.findByTestId('profile-menu-button'));
    const menu = screen.getByTestId('profile-menu');
    fireEvent.click(within(menu).getByTestId('status-button'));
    fireEvent.click(within(menu).getByTestId('status-option-busy'));
    fireEvent.change(within(menu).getByTestId('status-text'), { target: { value: 'In a meeting' } });
    fireEvent.click(within(menu).getByTestId('status-save'));
    await waitFor(() => expect(server.callsTo('PUT', '/api/v1/members/me/status')).toHaveLength(1));
    expect(server.callsTo('PUT', '/api/v1/members/me/status')[0]?.body).toEqual({ type: 'busy', text: 'In a meeting' });
    expect((await within(menu).findByTestId('status-current-text')).textContent).toContain('In a meeting');
    // invisible is offered where the network makes status optional
    fireEvent.click(within(menu).getByTestId('status-button'));
    expect(within(menu).getByTestId('status-option-invisible')).toBeTruthy();
  });

  it('has no status control when the network disables online status', async () => {
    const server = fakeServer({ 'GET /api/v1/network': { status: 200, body: aNetworkResponse({ network: { show_online_status: 'disabled' } }) } });
    renderPage(<ProfileMenu />, { url: '/', api: server.api });
    fireEvent.click(await screen.findByTestId('profile-menu-button'));
    expect(within(screen.getByTestId('profile-menu')).queryByTestId('status-ui')).toBeNull();
  });
});
