/** @jest-environment jsdom */
import '../appointments/jsdom-text-encoding.cjs';
import { screen, within } from '@testing-library/react';
import { fakeServer, renderPage } from '../testing/render';
import { LeftNavigation } from './LeftNavigation';
import { AVAILABLE_MODULES, moduleForPath, NAV_MODULES, navModulesFor } from './navigation';

describe('the apps entry of the navigation', () => {
  it('is a module of its own while the apps feature is built: /apps and its pages belong to it', () => {
    expect(AVAILABLE_MODULES.has('apps')).toBe(true);
    expect(NAV_MODULES.map((module) => module.id)).toContain('apps');
    expect(moduleForPath('/apps')?.id).toBe('apps');
    expect(moduleForPath('/apps/garden/items/7')?.id).toBe('apps');
    expect(moduleForPath('/pages/house-rules')?.id).toBe('pages');
    expect(NAV_MODULES.find((module) => module.id === 'pages')?.start).toBe('/pages');
    // the tasks lists stay the tasks module
    expect(moduleForPath('/tasks/my')?.id).toBe('tasks');
  });

  it('is hidden when the apps feature is not built', () => {
    const without = new Set([...AVAILABLE_MODULES].filter((id) => id !== 'apps'));
    expect(navModulesFor(without).map((module) => module.id)).not.toContain('apps');
    expect(navModulesFor(without).map((module) => module.id)).toContain('tasks');
  });

  it('the module switcher offers Apps, and on /apps the left navigation links all apps', async () => {
    const server = fakeServer({ 'GET /api/v1/apps': { status: 200, body: { apps: [] } } });
    renderPage(<LeftNavigation />, { url: '/apps', path: '/apps', api: server.api });
    const switcher = await screen.findByTestId<HTMLSelectElement>('module-switcher');
    expect(switcher.value).toBe('apps');
    expect(within(switcher).getByRole('option', { name: 'Apps' })).toBeTruthy();
    const section = screen.getByTestId('nav-section-apps.lists');
    const link = within(section).getByRole('link', { name: 'All apps' });
    expect(link.getAttribute('href')).toBe('/apps');
  });
});
