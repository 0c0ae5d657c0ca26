/** @jest-environment jsdom */
import '../testing/jsdom-text-encoding.cjs';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, type AuthProvider, type DataProvider } from 'react-admin';
import type { NetworkResponse } from '@cn/contracts';
import { germanMessagesAll } from '../i18n/german';
import { render, waitFor } from '../testing/render';
import { AppBar, MEMBER_CONSOLE_HREF } from './AppBar';

// react-admin's CommonJS build requires react-hotkeys-hook, which ships only as an ES module; no hotkeys here
jest.mock('react-hotkeys-hook', () => ({ useHotkeys: () => ({ current: null }) }));

const i18nProvider = polyglotI18nProvider(() => germanMessagesAll, 'de');
const auditor: AuthProvider = {
  login: () => Promise.resolve(),
  logout: () => Promise.resolve(),
  checkAuth: () => Promise.resolve(),
  checkError: () => Promise.resolve(),
  getPermissions: () => Promise.resolve({ administrate: false, audit: true }),
};
const network = { network: { name: 'Nachbarschaft Nord' } } as unknown as NetworkResponse;

describe('the app bar', () => {
  it('names the network and links to the member console', async () => {
    const view = await render(
      <AdminContext dataProvider={{} as DataProvider} authProvider={auditor} i18nProvider={i18nProvider}>
        <AppBar loadNetwork={() => Promise.resolve(network)} />
      </AdminContext>,
    );
    const byTestId = (id: string) => document.querySelector(`[data-testid="${id}"]`);
    await waitFor(() => expect(byTestId('network-name')?.textContent).toBe('Nachbarschaft Nord'));
    const link = byTestId('member-console-link');
    expect(link?.getAttribute('href')).toBe(MEMBER_CONSOLE_HREF);
    expect(link?.textContent).toContain('Zur Mitgliederkonsole');
    view.unmount();
  });
});
