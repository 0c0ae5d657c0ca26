/** @jest-environment jsdom */
import '../testing/jsdom-text-encoding.cjs';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, Notification, type DataProvider, type UpdateParams } from 'react-admin';
import { englishMessagesAll } from '../i18n/english';
import { click, render, typeInto, waitFor } from '../testing/render';
import { WidgetBarEditor } from './WidgetBarEdit';

// react-admin's CommonJS build requires react-hotkeys-hook, which ships only as an ES module; no hotkeys here
jest.mock('react-hotkeys-hook', () => ({ useHotkeys: () => ({ current: null }) }));

const i18nProvider = polyglotI18nProvider(() => englishMessagesAll, 'en');

const provider = (answer: 'found' | 'missing') => {
  const updates: UpdateParams[] = [];
  const dataProvider = {
    getOne: () =>
      answer === 'missing'
        ? Promise.reject(Object.assign(new Error('not_found'), { status: 404 }))
        : Promise.resolve({ data: { id: 'dashboard', scope: 'network', slug: 'dashboard', widgets: [{ type: 'text', properties: { content: 'Hi', renderer: 'markdown' } }], revision: 3 } }),
    update: (_resource: string, params: UpdateParams) => {
      updates.push(params);
      return Promise.resolve({ data: { ...(params.previousData as object), ...(params.data as object) } });
    },
    getCalendars: () => Promise.resolve({ calendars: [] }),
  } as unknown as DataProvider;
  return { dataProvider, updates };
};

const editor = (dataProvider: DataProvider) => (
  <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
    <WidgetBarEditor slug="dashboard" />
    <Notification />
  </AdminContext>
);

const element = (selector: string) => {
  const found = document.querySelector<HTMLElement>(selector);
  if (!found) throw new Error(`no ${selector} yet`);
  return found;
};

describe('the widget bar editor', () => {
  it('adds a widget with its defaults by button, edits its count, and saves the bar in order with a toast', async () => {
    const { dataProvider, updates } = provider('found');
    const view = await render(editor(dataProvider));
    await waitFor(() => element('[data-testid="widgetbar-widget-0"]'));
    expect(document.querySelector('[data-testid="widget-palette-group_info"]')).toBeNull();
    await click(element('[data-testid="widget-add-newest_members"]'));
    const count = await waitFor(() => element('[data-testid="widget-property-count"]'));
    expect((count as HTMLInputElement).value).toBe('5');
    await typeInto(count, '3');
    await click(element('[data-testid="widgetbar-save"]'));
    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0]?.data).toEqual({
      widgets: [
        { type: 'text', properties: { content: 'Hi', renderer: 'markdown' } },
        { type: 'newest_members', properties: { count: 3 } },
      ],
    });
    await waitFor(() => expect(document.body.textContent).toContain('Saved successfully'));
    view.unmount();
  });

  it('says a bar that cannot be loaded with a toast and shows the not-found page', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const view = await render(editor(provider('missing').dataProvider));
    await waitFor(() => expect(document.body.textContent).toContain('The widget bar could not be loaded.'));
    expect(document.body.textContent).toContain('Not Found');
    expect(document.querySelector('[data-testid="widgetbar-save"]')).toBeNull();
    view.unmount();
    logged.mockRestore();
  });
});
