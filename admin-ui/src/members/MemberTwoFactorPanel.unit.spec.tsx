/** @jest-environment jsdom */
import '../testing/jsdom-text-encoding.cjs';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, RecordContextProvider, type DataProvider } from 'react-admin';
import type { MemberFactorsResponse } from '@cn/contracts';
import { englishMessagesAll } from '../i18n/english';
import { render, waitFor } from '../testing/render';
import { MemberTwoFactorPanel } from './MemberTwoFactorPanel';

// react-admin's CommonJS build requires react-hotkeys-hook, which ships only as an ES module; no hotkeys here
jest.mock('react-hotkeys-hook', () => ({ useHotkeys: () => ({ current: null }) }));

const i18nProvider = polyglotI18nProvider(() => englishMessagesAll, 'en');

const panelFor = (answer: MemberFactorsResponse | Error) => {
  const asked: unknown[] = [];
  const provider = {
    memberFactors: (_resource: string, params: { id: string }) => {
      asked.push(params.id);
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
    },
  } as unknown as DataProvider;
  const view = render(
    <AdminContext dataProvider={provider} i18nProvider={i18nProvider}>
      <RecordContextProvider value={{ id: 'm-1', name: 'Mia Member' }}>
        <MemberTwoFactorPanel />
      </RecordContextProvider>
    </AdminContext>,
  );
  return { view, asked };
};

describe("a member's two-factor state in the administration", () => {
  it('says when nothing is set up, and when the state could not be read', async () => {
    const empty = panelFor({ factors: [], removed_factors: [] });
    await empty.view;
    await waitFor(() => expect(document.body.textContent).toContain('No factor set up.'));
    expect(document.body.textContent).not.toContain('Removed factors');
    (await empty.view).unmount();
    const failed = panelFor(new Error('403'));
    await failed.view;
    await waitFor(() => expect(document.body.textContent).toContain('The two-factor state could not be loaded.'));
    (await failed.view).unmount();
  });

  it('names the reset factor, when and which administrator reset it, and the factors set up since', async () => {
    const { view, asked } = panelFor({
      factors: [{ id: 'f3', type: 'email', created_at: '2026-12-03T09:00:00.000Z', last_used_at: null, deactivated: true }],
      removed_factors: [
        { id: 'f2', type: 'totp', created_at: '2026-11-01T09:00:00.000Z', removed_at: '2026-12-01T10:00:00.000Z', removed_by: 'administrator', removed_by_name: 'Ada Admin' },
        { id: 'f1', type: 'email', created_at: '2026-10-01T09:00:00.000Z', removed_at: '2026-10-15T10:00:00.000Z', removed_by: 'member', removed_by_name: null },
      ],
    });
    const removed = await waitFor(() => {
      const found = document.querySelector('[data-testid="member-removed-factor-totp"]');
      if (!found) throw new Error('not yet');
      return found;
    });
    expect(asked).toEqual(['m-1']);
    expect(removed.textContent).toBe(`Authenticator app: reset by Ada Admin on ${new Date('2026-12-01T10:00:00.000Z').toLocaleString()}`);
    expect(document.querySelector('[data-testid="member-removed-factor-email"]')?.textContent).toContain('Code by email: deleted by the member on');
    expect(document.querySelector('[data-testid="member-factor-email"]')?.textContent).toContain('(deactivated');
    expect(document.body.textContent).not.toContain('resources.members');
    (await view).unmount();
  });
});
