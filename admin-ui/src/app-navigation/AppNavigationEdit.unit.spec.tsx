/** @jest-environment jsdom */
import '../testing/jsdom-text-encoding.cjs';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, Notification, type AuthProvider, type DataProvider, type UpdateParams } from 'react-admin';
import { APP_NAVIGATION_COLLECTION, defaultAppNavigation, type AppNavigationItem } from '@cn/contracts';
import { englishMessagesAll } from '../i18n/english';
import { FakeSocket, useFakeSocket } from '../testing/fake-socket';
import { allByRole, click, render, waitFor } from '../testing/render';
import { AppNavigationEdit } from './AppNavigationEdit';

// react-admin's CommonJS build requires react-hotkeys-hook, which ships only as an ES module; no hotkeys here
jest.mock('react-hotkeys-hook', () => ({ useHotkeys: () => ({ current: null }) }));

const i18nProvider = polyglotI18nProvider(() => englishMessagesAll, 'en');
const signedInAs = (can: { administrate: boolean; audit: boolean }): AuthProvider => ({
  login: () => Promise.resolve(),
  logout: () => Promise.resolve(),
  checkAuth: () => Promise.resolve(),
  checkError: () => Promise.resolve(),
  getPermissions: () => Promise.resolve(can),
});
const administrator = signedInAs({ administrate: true, audit: true });

/** the realtime socket the editor opens: the spec pushes through it */
const provider = (answer: 'saved' | 'conflict' = 'saved') => {
  let record = { id: 'network', items: defaultAppNavigation(), revision: 0, saved: false };
  const updates: UpdateParams[] = [];
  let reads = 0;
  const dataProvider = {
    getOne: () => {
      reads += 1;
      return Promise.resolve({ data: record });
    },
    getList: () => Promise.resolve({ data: [{ id: 'g1', slug: 'choir', name: 'Choir' }], total: 1 }),
    update: (_resource: string, params: UpdateParams) => {
      updates.push(params);
      if (answer === 'conflict') return Promise.reject(Object.assign(new Error('conflict'), { status: 409 }));
      record = { ...record, items: (params.data as { items: AppNavigationItem[] }).items, revision: record.revision + 1, saved: true };
      return Promise.resolve({ data: record });
    },
  } as unknown as DataProvider;
  return {
    dataProvider,
    updates,
    reads: () => reads,
    replace: (items: AppNavigationItem[]) => {
      record = { ...record, items, revision: record.revision + 1 };
    },
  };
};

const byTestId = <E extends HTMLElement = HTMLElement>(id: string): E => {
  const element = document.querySelector<E>(`[data-testid="${id}"]`);
  if (!element) throw new Error(`no ${id} yet`);
  return element;
};
const itemTitles = () => [...byTestId('app-navigation-items').querySelectorAll('[data-testid^="app-navigation-item-"] .MuiListItemText-primary')].map((element) => element.textContent);

describe('the app navigation editor', () => {
  useFakeSocket();

  const renderEditor = (dataProvider: DataProvider, authProvider: AuthProvider = administrator) =>
    render(
      <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={i18nProvider}>
        <AppNavigationEdit />
        <Notification />
      </AdminContext>,
    );

  it("shows five items with 'more' last, disables adding at five, and a removed item returns to 'more' with the five-item hint", async () => {
    const { dataProvider } = provider();
    const view = await renderEditor(dataProvider);
    await waitFor(() => expect(itemTitles()).toEqual(['Activities', 'Messages', 'Appointments', 'Files', 'More']));
    await waitFor(() => expect(byTestId<HTMLButtonElement>('app-navigation-add').disabled).toBe(true));
    expect(byTestId<HTMLButtonElement>('app-navigation-save').disabled).toBe(false);
    expect(document.body.textContent).toContain('The entry point is the screen the app opens on');

    const removeButtons = await waitFor(() => {
      const found = allByRole('button', 'Remove item');
      expect(found).toHaveLength(4);
      return found;
    });
    expect(removeButtons).toHaveLength(4);
    await click(removeButtons[2]);
    await waitFor(() => expect(itemTitles()).toEqual(['Activities', 'Messages', 'Files', 'More']));
    expect(byTestId('app-navigation-five-items').textContent).toContain('exactly five items');
    expect(byTestId<HTMLButtonElement>('app-navigation-save').disabled).toBe(true);
    expect(byTestId<HTMLButtonElement>('app-navigation-add').disabled).toBe(false);

    await click(byTestId('app-navigation-item-3'));
    await waitFor(() => expect(byTestId('app-navigation-more-items').textContent).toContain('Appointments'));
    // 'more' is no entry point: no checkbox for it
    expect(document.querySelector('[data-testid="app-navigation-entry-point"]')).toBeNull();
    view.unmount();
  });

  it('lets auditors read it without anything to change or save', async () => {
    const { dataProvider } = provider();
    const view = await renderEditor(dataProvider, signedInAs({ administrate: false, audit: true }));
    await waitFor(() => expect(itemTitles()).toHaveLength(5));
    await waitFor(() => expect(document.querySelector('[data-testid="app-navigation-save"]')).toBeNull());
    expect(document.querySelector('[data-testid="app-navigation-add"]')).toBeNull();
    expect(allByRole('button', 'Remove item')).toHaveLength(0);
    expect(byTestId<HTMLFieldSetElement>('app-navigation-form').disabled).toBe(true);
    view.unmount();
  });

  it('saves the items at the revision read and says so', async () => {
    const { dataProvider, updates } = provider();
    const view = await renderEditor(dataProvider);
    await waitFor(() => expect(allByRole('button', 'Move down')).toHaveLength(4));
    await click(allByRole('button', 'Move down')[0]);
    await waitFor(() => expect(itemTitles()[0]).toBe('Messages'));
    await click(byTestId('app-navigation-save'));
    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0].previousData).toMatchObject({ revision: 0 });
    expect((updates[0].data as { items: AppNavigationItem[] }).items.map((item) => item.type)).toEqual(['messages', 'activitystreams', 'appointments', 'files', 'more']);
    await waitFor(() => expect(document.body.textContent).toContain('Saved successfully'));
    view.unmount();
  });

  it('says a conflict in words', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { dataProvider } = provider('conflict');
    const view = await renderEditor(dataProvider);
    await waitFor(() => byTestId('app-navigation-save'));
    await click(byTestId('app-navigation-save'));
    await waitFor(() => expect(document.body.textContent).toContain('Someone else changed this in the meantime'));
    view.unmount();
    logged.mockRestore();
  });

  it('reads the navigation again when a save elsewhere is pushed', async () => {
    const { dataProvider, reads, replace } = provider();
    const view = await renderEditor(dataProvider);
    await waitFor(() => expect(itemTitles()).toHaveLength(5));
    expect(FakeSocket.opened[0]?.url).toMatch(/\/api\/realtime$/);
    const items = defaultAppNavigation();
    items[3] = { ...items[3], id: 'search', type: 'search', icon: 'search' };
    replace(items);
    const before = reads();
    FakeSocket.opened[0]?.onmessage?.({ data: JSON.stringify({ type: 'changed', collection: APP_NAVIGATION_COLLECTION, id: 'network', doc: { position: 9 } }) });
    await waitFor(() => expect(itemTitles()).toEqual(['Activities', 'Messages', 'Appointments', 'Search', 'More']));
    expect(reads()).toBeGreaterThan(before);
    view.unmount();
  });
});
