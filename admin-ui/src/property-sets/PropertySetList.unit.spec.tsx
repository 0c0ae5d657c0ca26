/** @jest-environment jsdom */
import '../testing/jsdom-text-encoding.cjs';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, ResourceContextProvider, type DataProvider, type GetListParams } from 'react-admin';
import type { PropertySetSummary } from '@cn/contracts';
import { englishMessagesAll } from '../i18n/english';
import { render, typeInto, waitFor } from '../testing/render';
import { editPathOf, PropertySetList } from './PropertySetList';

// react-admin's CommonJS build requires react-hotkeys-hook, which ships only as an ES module; no hotkeys here
jest.mock('react-hotkeys-hook', () => ({ useHotkeys: () => ({ current: null }) }));

const i18nProvider = polyglotI18nProvider(() => englishMessagesAll, 'en');
const row = (name: string, context_type: PropertySetSummary['context_type'], context_id: string | null, type: PropertySetSummary['type'], property_count: number): PropertySetSummary => ({
  id: `${name}:${context_type}:${context_id ?? ''}`,
  name,
  context_type,
  context_id,
  type,
  property_count,
  tag_parents: context_type === 'network' ? ['ideas/p-tags'] : [],
  revision: 1,
});
const rows = [row('profile', 'network', null, 'basic', 3), row('profile', 'group', 'g1', 'modified', 1), row('rooms', 'app', 'rooms', 'basic', 2)];

const provider = (answer: PropertySetSummary[]) => {
  const asked: GetListParams[] = [];
  const dataProvider = {
    getList: (_resource: string, params: GetListParams) => {
      asked.push(params);
      return Promise.resolve({ data: answer, total: answer.length });
    },
  } as unknown as DataProvider;
  return { dataProvider, asked };
};

const renderList = (dataProvider: DataProvider) =>
  render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
      <ResourceContextProvider value="property_sets">
        <PropertySetList />
      </ResourceContextProvider>
    </AdminContext>,
  );

const cells = (column: string) => [...document.querySelectorAll(`tbody tr td.column-${column}`)].map((cell) => cell.textContent);

describe('the property sets list', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('lists every saved set by name and context in words, each opening its editor with its context', async () => {
    const { dataProvider, asked } = provider(rows);
    const view = await renderList(dataProvider);
    await waitFor(() => expect(cells('name')).toEqual(['profile', 'profile', 'rooms']));
    expect(cells('context_type')).toEqual(['network', 'group', 'app']);
    expect(cells('type')).toEqual(['Basic set', "Modified set: options added to the parent set's selections", 'Basic set']);
    expect(document.body.textContent).toContain('ideas/p-tags');
    expect(document.body.textContent).not.toMatch(/cn\.property_sets/);
    const links = [...document.querySelectorAll<HTMLAnchorElement>('a[data-testid^="property-set-edit-"]')].map((link) => link.getAttribute('href'));
    expect(links).toEqual(['#/property_sets/profile/edit', '#/property_sets/profile/edit?context_type=group&context_id=g1', '#/property_sets/rooms/edit?context_type=app&context_id=rooms']);
    expect(asked[0]?.sort).toEqual({ field: 'name', order: 'ASC' });
    view.unmount();
  });

  it("opens the network's set of a typed name, refusing names the server would", async () => {
    const view = await renderList(provider(rows).dataProvider);
    const name = await waitFor(() => document.querySelector<HTMLInputElement>('input[data-testid="property-set-new-name"]') ?? Promise.reject(new Error('no name field')));
    const open = () => document.querySelector<HTMLButtonElement>('[data-testid="property-set-open-name"]') as HTMLButtonElement;
    await typeInto(name, 'Bad Name');
    await waitFor(() => expect(document.body.textContent).toContain('Lowercase letters, digits and _'));
    expect(open().disabled).toBe(true);
    await typeInto(name, 'skills');
    await waitFor(() => expect(open().disabled).toBe(false));
    expect(editPathOf({ name: 'skills', context_type: 'network', context_id: null })).toBe('/property_sets/skills/edit');
    view.unmount();
  });
});
