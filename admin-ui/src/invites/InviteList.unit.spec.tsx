/** @jest-environment jsdom */
import '../testing/jsdom-text-encoding.cjs';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, Notification, ResourceContextProvider, type AuthProvider, type DataProvider } from 'react-admin';
import { inviteBatchAbilities, type GroupInviteStatus, type InviteAdminDto } from '@cn/contracts';
import { englishMessagesAll } from '../i18n/english';
import { click, render, waitFor } from '../testing/render';
import { InviteList } from './InviteList';

// react-admin's CommonJS build requires react-hotkeys-hook, which ships only as an ES module; no hotkeys here
jest.mock('react-hotkeys-hook', () => ({ useHotkeys: () => ({ current: null }) }));

const i18nProvider = polyglotI18nProvider(() => englishMessagesAll, 'en');
const invite = (id: string, invitee: string, status: GroupInviteStatus): InviteAdminDto => ({
  id,
  type: 'group_invite',
  status,
  group: { id: 'g-choir', name: 'Choir', slug: 'choir' },
  author: { id: 'm-member', name: 'Mia Member' },
  invitee: { id: `m-${id}`, name: invitee },
  additional_message: '',
  created_at: '2026-12-06T10:00:00.000Z',
  can: inviteBatchAbilities(status, true),
});

/** the invites resource as the server answers it; a batch turns what it touched into its new status */
const invitesProvider = (refuse?: string) => {
  let rows = [invite('i-ben', 'Ben', 'open'), invite('i-cara', 'Cara', 'accepted'), invite('i-dan', 'Dan', 'declined')];
  const batches: Array<{ action: string; ids: readonly string[]; body?: string }> = [];
  const provider = {
    getList: (resource: string) => Promise.resolve(resource === 'invites' ? { data: rows, total: rows.length } : { data: [], total: 0 }),
    getMany: () => Promise.resolve({ data: [] }),
    batchInvites: (_resource: string, params: { action: 'revoke' | 'renew'; ids: readonly string[]; body?: string }) => {
      batches.push(params);
      if (refuse) return Promise.reject(Object.assign(new Error(refuse), { status: 422, body: { error: refuse } }));
      const next: GroupInviteStatus = params.action === 'revoke' ? 'obsolete' : 'open';
      rows = rows.map((row) => (params.ids.includes(row.id) ? invite(row.id, row.invitee.name, next) : row));
      return Promise.resolve();
    },
  } as unknown as DataProvider;
  return { provider, batches };
};

const authProvider = (administrate: boolean): AuthProvider => ({
  login: () => Promise.resolve(),
  logout: () => Promise.resolve(),
  checkAuth: () => Promise.resolve(),
  checkError: () => Promise.resolve(),
  getPermissions: () => Promise.resolve({ administrate, audit: true }),
});

const renderList = (provider: DataProvider, administrate = true) =>
  render(
    <AdminContext dataProvider={provider} i18nProvider={i18nProvider} authProvider={authProvider(administrate)}>
      <ResourceContextProvider value="invites">
        <InviteList />
      </ResourceContextProvider>
      <Notification />
    </AdminContext>,
  );

const rowsShown = () => [...document.querySelectorAll('tbody tr')].map((row) => row.textContent ?? '');
const rowCheckbox = (invitee: string): HTMLElement => {
  const row = [...document.querySelectorAll('tbody tr')].find((candidate) => candidate.textContent?.includes(invitee));
  const box = row?.querySelector<HTMLElement>('input[type="checkbox"]');
  if (!box) throw new Error(`no checkbox for ${invitee}`);
  return box;
};
const button = (testId: string): HTMLButtonElement => {
  const found = document.querySelector<HTMLButtonElement>(`[data-testid="${testId}"]`);
  if (!found) throw new Error(`no ${testId}`);
  return found;
};

describe('the invites page', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('lists the invites with their status in words', async () => {
    const { provider } = invitesProvider();
    const view = await renderList(provider);
    await waitFor(() => expect(rowsShown()).toHaveLength(3));
    expect(rowsShown()[0]).toContain('Ben');
    expect(rowsShown()[0]).toContain('Choir');
    expect(rowsShown()[0]).toContain('Open');
    expect(rowsShown()[1]).toContain('Accepted');
    expect(document.body.textContent).not.toContain('resources.invites');
    view.unmount();
  });

  it('offers revoke only for open invites and renew unless one is accepted, then revokes, says so and shows the new status', async () => {
    const { provider, batches } = invitesProvider();
    const view = await renderList(provider);
    await waitFor(() => expect(rowsShown()).toHaveLength(3));
    await click(rowCheckbox('Dan'));
    await waitFor(() => button('invites-revoke'));
    // declined: renew yes, revoke no
    expect([button('invites-revoke').disabled, button('invites-renew').disabled]).toEqual([true, false]);
    await click(rowCheckbox('Cara'));
    // an accepted one among them: neither
    await waitFor(() => expect([button('invites-revoke').disabled, button('invites-renew').disabled]).toEqual([true, true]));
    await click(rowCheckbox('Cara'));
    await click(rowCheckbox('Dan'));
    await click(rowCheckbox('Ben'));
    await waitFor(() => expect([button('invites-revoke').disabled, button('invites-renew').disabled]).toEqual([false, false]));
    await click(button('invites-revoke'));
    await waitFor(() => expect(batches).toEqual([{ action: 'revoke', ids: ['i-ben'], body: undefined }]));
    await waitFor(() => expect(document.body.textContent).toContain('The invite was revoked.'));
    await waitFor(() => expect(rowsShown()[0]).toContain('Obsolete'));
    view.unmount();
  });

  it('renews the selected invites from the dialog, which keeps the old message unless one is typed', async () => {
    const { provider, batches } = invitesProvider();
    const view = await renderList(provider);
    await waitFor(() => expect(rowsShown()).toHaveLength(3));
    await click(rowCheckbox('Ben'));
    await click(rowCheckbox('Dan'));
    await waitFor(() => expect(button('invites-renew').disabled).toBe(false));
    await click(button('invites-renew'));
    await click(await waitFor(() => button('invites-renew-confirm')));
    await waitFor(() => expect(batches).toEqual([{ action: 'renew', ids: ['i-ben', 'i-dan'], body: '' }]));
    await waitFor(() => expect(document.body.textContent).toContain('2 invites were renewed.'));
    view.unmount();
  });

  it("tells a refusal in words, never its key", async () => {
    const { provider } = invitesProvider('not_revokable');
    const view = await renderList(provider);
    await waitFor(() => expect(rowsShown()).toHaveLength(3));
    await click(rowCheckbox('Ben'));
    await waitFor(() => expect(button('invites-revoke').disabled).toBe(false));
    await click(button('invites-revoke'));
    await waitFor(() => expect(document.body.textContent).toContain('Only open invites can be revoked.'));
    expect(document.body.textContent).not.toContain('resources.invites.errors');
    view.unmount();
  });

  it('gives an auditor no selection and no batch actions', async () => {
    const { provider } = invitesProvider();
    const view = await renderList(provider, false);
    await waitFor(() => expect(rowsShown()).toHaveLength(3));
    expect(document.querySelector('tbody input[type="checkbox"]')).toBeNull();
    expect(document.querySelector('[data-testid="invites-revoke"]')).toBeNull();
    view.unmount();
  });
});
