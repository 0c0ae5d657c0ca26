/** @jest-environment jsdom */
import '../appointments/jsdom-text-encoding.cjs';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AdministrationNavigationResponse } from '@cn/contracts';
import { fakeServer, renderPage } from '../testing/render';
import { AdministrationNavigation } from './AdministrationNavigation';

const ROUTE = 'GET /api/v1/navigation/administration';
const section = <AdministrationNavigation collapsed={false} onToggle={() => undefined} />;

describe('the administration navigation in the left navigation', () => {
  it('lists what the server answers: the screens with their names and links, and the administered groups', async () => {
    const answer: AdministrationNavigationResponse = {
      items: [
        { id: 'settings', link: '/admin/#/settings/network' },
        { id: 'audit_events', link: '/admin/#/audit-events' },
      ],
      groups: [{ slug: 'garden', name: 'Garden', link: '/groups/garden/administration' }],
      group_categories: [{ slug: 'teams', name: 'Teams', link: '/group-categories/teams/administration' }],
    };
    const server = fakeServer({ [ROUTE]: { status: 200, body: answer } });
    renderPage(section, { url: '/', api: server.api });
    const settings = await screen.findByTestId('nav-administration-settings');
    expect(settings.textContent).toBe('Network settings');
    expect(settings.getAttribute('href')).toBe('/admin/#/settings/network');
    expect(screen.getByTestId('nav-administration-audit_events').textContent).toBe('Audit log');
    // only what the server offers: no client-side list of screens
    expect(screen.queryByTestId('nav-administration-members')).toBeNull();
    const group = screen.getByTestId('nav-administration-group-garden');
    expect(group.textContent).toBe('Garden: administration');
    expect(group.getAttribute('href')).toBe('/groups/garden/administration');
    const category = screen.getByTestId('nav-administration-category-teams');
    expect(category.textContent).toBe('Teams: administration');
    expect(category.getAttribute('href')).toBe('/group-categories/teams/administration');
  });

  it('shows the section for a member who administers a group category only', async () => {
    const server = fakeServer({ [ROUTE]: { status: 200, body: { items: [], groups: [], group_categories: [{ slug: 'teams', name: 'Teams', link: '/group-categories/teams/administration' }] } } });
    renderPage(section, { url: '/', api: server.api });
    expect((await screen.findByTestId('nav-administration-category-teams')).getAttribute('href')).toBe('/group-categories/teams/administration');
  });

  it('shows nothing for a member the server offers nothing', async () => {
    const server = fakeServer({ [ROUTE]: { status: 200, body: { items: [], groups: [], group_categories: [] } } });
    renderPage(section, { url: '/', api: server.api });
    await waitFor(() => expect(server.callsTo('GET', '/api/v1/navigation/administration')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('nav-section-administration')).toBeNull());
  });

  it('shows loading, then a generic error with a try-again link that loads it again', async () => {
    let fail = true;
    const server = fakeServer({
      [ROUTE]: () =>
        fail
          ? { status: 500, body: { statusCode: 500, error: 'internal', errors: [] } }
          : { status: 200, body: { items: [{ id: 'members', link: '/admin/#/members' }], groups: [], group_categories: [] } },
    });
    renderPage(section, { url: '/', api: server.api });
    expect((await screen.findByTestId('administration-navigation-loading')).textContent).toBe('Loading …');
    const error = await screen.findByTestId('administration-navigation-error', {}, { timeout: 5000 });
    expect(error.textContent).toContain('The administration navigation could not be loaded.');
    fail = false;
    fireEvent.click(screen.getByText('Try again'));
    expect((await screen.findByTestId('nav-administration-members')).textContent).toBe('Members');
    expect(screen.queryByTestId('administration-navigation-error')).toBeNull();
  });
});
