/** @jest-environment jsdom */
import '../testing/jsdom-text-encoding.cjs';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, RecordContextProvider, type DataProvider } from 'react-admin';
import type { AdminMemberDto } from '@cn/contracts';
import { englishMessagesAll } from '../i18n/english';
import { click, render, waitFor } from '../testing/render';
import { MemberMenu } from './MemberMenu';
import { MemberTwoFactorPanel } from './MemberTwoFactorPanel';

// react-admin's CommonJS build requires react-hotkeys-hook, which ships only as an ES module; no hotkeys here
jest.mock('react-hotkeys-hook', () => ({ useHotkeys: () => ({ current: null }) }));

const i18nProvider = polyglotI18nProvider(() => englishMessagesAll, 'en');
const NO_MENU = { edit: false, edit_groups: false, assign_roles: false, toggle_external: false, reset_two_factor: false, lock: false, destroy: false };

const row = (email_bounced: boolean, reactivate_email: boolean) => ({ id: 'm-1', name: 'Mia Member', manage: NO_MENU, email_bounced, reactivate_email }) as unknown as AdminMemberDto;

const renderRow = (member: AdminMemberDto) => {
  const reactivated: unknown[] = [];
  const provider = {
    reactivateEmail: (_resource: string, params: { id: string }) => {
      reactivated.push(params.id);
      return Promise.resolve();
    },
    memberFactors: () => Promise.resolve({ factors: [], removed_factors: [] }),
  } as unknown as DataProvider;
  const view = render(
    <AdminContext dataProvider={provider} i18nProvider={i18nProvider}>
      <RecordContextProvider value={member}>
        <MemberMenu />
        <MemberTwoFactorPanel />
      </RecordContextProvider>
    </AdminContext>,
  );
  return { view, reactivated };
};

describe('a bounce-listed member in the administration', () => {
  it('says the address bounces and reactivates it with the row flag', async () => {
    const { view, reactivated } = renderRow(row(true, true));
    await view;
    const hint = await waitFor(() => {
      const found = document.querySelector('[data-testid="member-bounced-m-1"]');
      if (!found) throw new Error('not yet');
      return found;
    });
    expect(hint.textContent).toContain('refused this address for good');
    const button = document.querySelector<HTMLButtonElement>('[data-testid="reactivate-email"]');
    expect(button?.textContent).toContain('Reactivate email');
    await click(button as HTMLButtonElement);
    await waitFor(() => expect(reactivated).toEqual(['m-1']));
    expect(document.body.textContent).not.toContain('resources.members');
    (await view).unmount();
  });

  it('offers no reactivation where the flag is off (auditors, an address that does not bounce)', async () => {
    for (const member of [row(true, false), row(false, false)]) {
      const { view } = renderRow(member);
      await view;
      await waitFor(() => expect(document.body.textContent).toContain('No factor set up.'));
      expect(document.querySelector('[data-testid="reactivate-email"]')).toBeNull();
      expect(document.querySelector('[data-testid="member-bounced-m-1"]') !== null).toBe(member.email_bounced);
      (await view).unmount();
    }
  });
});
