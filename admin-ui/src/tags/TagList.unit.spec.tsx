/** @jest-environment jsdom */
import '../testing/jsdom-text-encoding.cjs';
import { act } from 'react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, Notification, ResourceContextProvider, type AuthProvider, type DataProvider, type GetListParams } from 'react-admin';
import type { TagAdminDto } from '@cn/contracts';
import { englishMessagesAll } from '../i18n/english';
import { allByRole, byRole, click, render, waitFor } from '../testing/render';
import { TagList } from './TagList';

// react-admin's CommonJS build requires react-hotkeys-hook, which ships only as an ES module; no hotkeys here
jest.mock('react-hotkeys-hook', () => ({ useHotkeys: () => ({ current: null }) }));

const i18nProvider = polyglotI18nProvider(() => englishMessagesAll, 'en');
const tag = (id: string, name: string, item_count: number, internal = false): TagAdminDto => ({ id, name, parents: ['a1/p'], internal, item_count, updated_at: '2026-12-06T10:00:00.000Z' });

/** the tags resource as the server answers it: searched by q; merges and deletions change what it answers */
const tagsProvider = (refuseMerge = false) => {
  let tags = [tag('t-garden', 'Garden', 2), tag('t-gardens', 'Gardens', 1), tag('t-kids', 'Kids', 1), tag('t-staff', 'Staff only', 1, true)];
  const merges: Array<{ id: unknown; into: unknown }> = [];
  const provider = {
    getList: (_resource: string, params: GetListParams) => {
      const asked = (params.filter as { q?: unknown }).q;
      const q = typeof asked === 'string' ? asked.toLowerCase() : '';
      const data = tags.filter((one) => one.name.toLowerCase().includes(q));
      return Promise.resolve({ data, total: data.length });
    },
    mergeTags: (_resource: string, params: { id: unknown; into: unknown }) => {
      merges.push(params);
      if (refuseMerge) return Promise.reject(Object.assign(new Error('same_tag'), { status: 400, body: { error: 'same_tag' } }));
      tags = tags.filter((one) => one.id !== params.id);
      return Promise.resolve();
    },
    delete: (_resource: string, params: { id: unknown }) => {
      tags = tags.filter((one) => one.id !== params.id);
      return Promise.resolve({ data: { id: params.id } });
    },
  } as unknown as DataProvider;
  return { provider, merges };
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
      <ResourceContextProvider value="tags">
        <TagList />
      </ResourceContextProvider>
      <Notification />
    </AdminContext>,
  );

/** the merge dialog's select (the list's pagination has one of its own) */
const dialogSelect = (): HTMLElement => {
  const select = byRole('dialog').querySelector<HTMLElement>('[role="combobox"]');
  if (!select) throw new Error('no select in the dialog yet');
  return select;
};

const confirmButton = (): HTMLElement => {
  const button = document.querySelector<HTMLElement>('[data-testid="tag-merge-confirm"]');
  if (!button) throw new Error('no merge confirmation');
  return button;
};

const names = () => [...document.querySelectorAll('tbody tr td.column-name')].map((cell) => cell.textContent);

describe('the tags page', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('lists the tags with their item counts', async () => {
    const { provider } = tagsProvider();
    const view = await renderList(provider);
    await waitFor(() => expect(names()).toEqual(['Garden', 'Gardens', 'Kids', 'Staff only']));
    expect(document.body.textContent).toContain('Items');
    expect([...document.querySelectorAll('tbody tr td.column-item_count')].map((cell) => cell.textContent)).toEqual(['2', '1', '1', '1']);
    // the internal tag is marked as such
    expect([...document.querySelectorAll('tbody tr td.column-internal')].map((cell) => cell.querySelector('[aria-label]')?.getAttribute('aria-label'))).toEqual(['No', 'No', 'No', 'Yes']);
    // the search field is there (what it finds is the server's: tags.int.spec)
    expect(document.querySelector('input[name="q"]')).not.toBeNull();
    view.unmount();
  });

  it('merges a tag into the one chosen, says so and shows the list without it', async () => {
    const { provider, merges } = tagsProvider();
    const view = await renderList(provider);
    await waitFor(() => expect(names()).toHaveLength(4));
    await click(await waitFor(() => document.querySelector<HTMLElement>('[data-testid="tag-merge-t-gardens"]') ?? Promise.reject(new Error('no merge button'))));
    const dialog = await waitFor(() => byRole('dialog'));
    expect(dialog.textContent).toContain('Merge Gardens into another tag');
    // MUI's select opens on mouse down; its options are the other tags only
    const select = await waitFor(() => dialogSelect());
    await act(async () => {
      select.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
      await Promise.resolve();
    });
    const options = await waitFor(() => {
      const found = allByRole('option');
      expect(found.length).toBeGreaterThan(0);
      return found;
    });
    // never the internal tag: a public tag does not go into one
    expect(options.map((option) => option.textContent)).toEqual(['Garden', 'Kids']);
    await click(byRole('option', 'Garden'));
    await click(confirmButton());
    await waitFor(() => expect(merges).toEqual([{ id: 't-gardens', into: 't-garden' }]));
    await waitFor(() => expect(document.body.textContent).toContain('Gardens was merged.'));
    await waitFor(() => expect(names()).toEqual(['Garden', 'Kids', 'Staff only']));
    view.unmount();
  });

  it("shows a refusal in words, never its key", async () => {
    const { provider } = tagsProvider(true);
    const view = await renderList(provider);
    await waitFor(() => expect(names()).toHaveLength(4));
    await click(document.querySelector<HTMLElement>('[data-testid="tag-merge-t-kids"]') as HTMLElement);
    const select = await waitFor(() => dialogSelect());
    await act(async () => {
      select.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
      await Promise.resolve();
    });
    await click(await waitFor(() => byRole('option', 'Garden')));
    await click(confirmButton());
    await waitFor(() => expect(document.body.textContent).toContain('A tag cannot be merged into itself.'));
    expect(document.body.textContent).not.toContain('cn.errors');
    view.unmount();
  });

  it('deletes a tag only after the confirmation, which names it and its items, then says so', async () => {
    const { provider } = tagsProvider();
    const view = await renderList(provider);
    await waitFor(() => expect(names()).toHaveLength(4));
    await click(document.querySelector<HTMLElement>('[data-testid="tag-delete-t-garden"]') as HTMLElement);
    const dialog = await waitFor(() => byRole('dialog'));
    expect(dialog.textContent).toContain('The tag is removed from every item that has it (2).');
    expect(names()).toHaveLength(4);
    await click(byRole('button', 'Confirm'));
    await waitFor(() => expect(document.body.textContent).toContain('Deleted successfully.'));
    await waitFor(() => expect(names()).toEqual(['Gardens', 'Kids', 'Staff only']));
    view.unmount();
  });

  it('offers no rename, merge or delete to an auditor', async () => {
    const { provider } = tagsProvider();
    const view = await renderList(provider, false);
    await waitFor(() => expect(names()).toHaveLength(4));
    expect(document.querySelector('[data-testid^="tag-merge-"]')).toBeNull();
    expect(document.querySelector('[data-testid^="tag-delete-"]')).toBeNull();
    view.unmount();
  });
});
