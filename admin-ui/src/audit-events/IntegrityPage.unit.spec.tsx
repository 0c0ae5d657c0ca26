/** @jest-environment jsdom */
import '../testing/jsdom-text-encoding.cjs';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, type AuthProvider, type DataProvider } from 'react-admin';
import type { ChainHeadSignaturesResponse } from '@cn/contracts';
import { germanMessagesAll } from '../i18n/german';
import { render, waitFor } from '../testing/render';
import { IntegrityPage, SIGNATURES_API } from './IntegrityPage';

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
const HASH = 'ab'.repeat(32);
const signatures: ChainHeadSignaturesResponse = {
  interval_ms: 3_600_000,
  next_due_at: '2026-11-23T21:00:00.000Z',
  signatures: [
    { available: true, position: 412, hash: HASH, signed_at: '2026-11-23T20:00:00.000Z', algorithm: 'Ed25519', message: `cn-chain-head:v1:412:${HASH}:2026-11-23T20:00:00.000Z`, signature: 'c2ln', public_key: 'PEM' },
  ],
};

/** jsdom has no fetch: the page's requests answered with `body`, their addresses kept */
const answering = (body: unknown): string[] => {
  const fetched: string[] = [];
  (globalThis as { fetch?: unknown }).fetch = (input: unknown) => {
    fetched.push(String(input));
    return Promise.resolve({ ok: true, status: 200, json: () => Promise.resolve(body) });
  };
  return fetched;
};

describe('the integrity page', () => {
  afterEach(() => {
    delete (globalThis as { fetch?: unknown }).fetch;
  });

  it('lists the heads signed on the schedule with when the next is due and a download of all of them', async () => {
    const fetched = answering(signatures);
    const view = await render(
      <AdminContext dataProvider={{} as DataProvider} authProvider={auditor} i18nProvider={i18nProvider}>
        <IntegrityPage />
      </AdminContext>,
    );
    const section = () => document.querySelector('[data-testid="scheduled-signatures"]');
    await waitFor(() => expect(section()?.textContent).toContain(HASH));
    expect(fetched).toContain(SIGNATURES_API);
    expect(section()?.textContent).toContain('Regelmäßig signiert');
    expect(section()?.textContent).toContain('die nächste Signatur ist am 2026-11-23T21:00:00.000Z fällig');
    expect(section()?.textContent).toContain('412');
    const download = [...(section()?.querySelectorAll('a') ?? [])].find((link) => link.textContent === 'Alle Signaturen herunterladen');
    expect(download?.getAttribute('href')).toBe(`${SIGNATURES_API}/export`);
    view.unmount();
  });

  it('says so when no head is signed on a schedule', async () => {
    answering({ signatures: [], interval_ms: 0, next_due_at: null });
    const view = await render(
      <AdminContext dataProvider={{} as DataProvider} authProvider={auditor} i18nProvider={i18nProvider}>
        <IntegrityPage />
      </AdminContext>,
    );
    await waitFor(() => expect(document.querySelector('[data-testid="scheduled-signatures"]')?.textContent).toContain('Bisher wurde noch kein Kopf planmäßig signiert.'));
    expect(document.querySelector('[data-testid="scheduled-signatures"]')?.textContent).toContain('Hier wird kein Kopf regelmäßig signiert.');
    view.unmount();
  });
});
