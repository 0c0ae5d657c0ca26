/** @jest-environment jsdom */
import '../testing/jsdom-text-encoding.cjs';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, Notification, type DataProvider, type UpdateParams } from 'react-admin';
import { propertyDefinition, type PropertySetResponse } from '@cn/contracts';
import { englishMessagesAll } from '../i18n/english';
import { click, render, typeInto, waitFor } from '../testing/render';
import { PropertySetEditor } from './PropertySetEdit';

// react-admin's CommonJS build requires react-hotkeys-hook, which ships only as an ES module; no hotkeys here
jest.mock('react-hotkeys-hook', () => ({ useHotkeys: () => ({ current: null }) }));

const i18nProvider = polyglotI18nProvider(() => englishMessagesAll, 'en');

const interest = propertyDefinition({
  id: 'interest',
  name: 'interest',
  type: 'selection',
  label: 'Interest',
  options: [
    { label: 'Music', value: 'music' },
    { label: 'Sports', value: 'sports' },
  ],
});
const bio = propertyDefinition({ id: 'bio', name: 'bio', type: 'text', label: 'About me' });
const basicSet: PropertySetResponse = {
  name: 'profile',
  type: 'basic',
  context_type: 'network',
  context_id: null,
  properties: [interest, bio],
  tag_parents: [],
  modifications: [],
  parent_property_set: null,
  inherited: false,
  revision: 2,
  can: { update: true },
};
const modifiedSet: PropertySetResponse = {
  ...basicSet,
  type: 'modified',
  context_type: 'group',
  context_id: 'g1',
  properties: [{ ...interest, options: [...interest.options, { label: 'Art', value: 'art' }] }, bio],
  modifications: [{ type: 'add_options', name: 'interest', options: [{ label: 'Art', value: 'art' }] }],
  parent_property_set: { name: 'profile', context_type: 'group_category', context_id: 'c1' },
  revision: 1,
};

type Answer = PropertySetResponse | 'missing';
const provider = (answer: Answer, failure?: { status: number; body?: object }) => {
  const updates: UpdateParams[] = [];
  const dataProvider = {
    getOne: () => (answer === 'missing' ? Promise.reject(Object.assign(new Error('not_found'), { status: 404 })) : Promise.resolve({ data: { ...answer, id: 'profile' } })),
    update: (_resource: string, params: UpdateParams) => {
      updates.push(params);
      return failure ? Promise.reject(Object.assign(new Error('refused'), failure)) : Promise.resolve({ data: { ...(params.previousData as object), id: 'profile' } });
    },
  } as unknown as DataProvider;
  return { dataProvider, updates };
};

const editor = (dataProvider: DataProvider, meta = {}) => (
  <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
    <PropertySetEditor name="profile" meta={meta} />
    <Notification />
  </AdminContext>
);

const element = (selector: string) => {
  const found = document.querySelector<HTMLElement>(selector);
  if (!found) throw new Error(`no ${selector} yet`);
  return found;
};
const byLabel = (label: string, within: ParentNode = document) => {
  const found = [...within.querySelectorAll<HTMLElement>('button')].find((button) => button.getAttribute('aria-label') === label);
  if (!found) throw new Error(`no button ${label}`);
  return found;
};

describe('the property-set editor', () => {
  it("shows a basic set's properties, adds and reorders a selection's options and saves them at the revision read", async () => {
    const { dataProvider, updates } = provider(basicSet);
    const view = await render(editor(dataProvider));
    const label = await waitFor(() => element('[data-testid="property-set-label-0"]'));
    expect((label as HTMLInputElement).value).toBe('Interest');
    expect(document.body.textContent).toContain('Basic set');
    expect(document.querySelector('[data-testid="property-set-options-1"]')).toBeNull();
    await click(element('[data-testid="property-set-add-option-0"]'));
    await typeInto(await waitFor(() => element('[data-testid="property-set-option-label-0-2"]')), 'Art');
    await typeInto(element('[data-testid="property-set-option-value-0-2"]'), 'art');
    await click(byLabel('Move up', element('[data-testid="property-set-options-0"]').children[2]));
    await click(element('[data-testid="property-set-remove-option-0-0"]'));
    await click(element('[data-testid="property-set-save"]'));
    await waitFor(() => expect(updates).toHaveLength(1));
    const body = updates[0]?.data as { properties: Array<{ name: string; options: Array<{ value: string }> }>; revision: number };
    expect(body.revision).toBe(2);
    expect(body.properties.map((property) => [property.name, property.options.map((option) => option.value)])).toEqual([
      ['interest', ['art', 'sports']],
      ['bio', []],
    ]);
    await waitFor(() => expect(document.body.textContent).toContain('Saved successfully'));
    view.unmount();
  });

  it('shows the server’s field errors beside their fields, and saving_failure for any other failure', async () => {
    // the data provider logs a refused call
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const refused = provider(basicSet, { status: 400, body: { error: 'validation_failed', errors: [{ field: 'properties.1.label', key: 'required' }] } });
    let view = await render(editor(refused.dataProvider));
    await typeInto(await waitFor(() => element('[data-testid="property-set-label-1"]')), '');
    await click(element('[data-testid="property-set-save"]'));
    await waitFor(() => expect(element('[data-testid="property-set-property-1"]').textContent).toContain('Required'));
    await waitFor(() => expect(document.body.textContent).toContain('Please check the highlighted fields.'));
    view.unmount();

    const failed = provider(basicSet, { status: 500 });
    view = await render(editor(failed.dataProvider));
    await waitFor(() => element('[data-testid="property-set-save"]'));
    await click(element('[data-testid="property-set-save"]'));
    await waitFor(() => expect(document.body.textContent).toContain('Saving failed.'));
    view.unmount();
    logged.mockRestore();
  });

  it("edits a modified set's added options only, beside the parent's, and saves them as modifications", async () => {
    const { dataProvider, updates } = provider(modifiedSet);
    const view = await render(editor(dataProvider, { context_type: 'group', context_id: 'g1' }));
    await waitFor(() => element('[data-testid="property-set-parent-options-0"]'));
    expect(element('[data-testid="property-set-parent-options-0"]').textContent).toContain('Music, Sports');
    expect(document.querySelector('[data-testid="property-set-property-1"]')).toBeNull();
    expect(document.querySelector('[data-testid="property-set-label-0"]')).toBeNull();
    expect((element('[data-testid="property-set-option-value-0-0"]') as HTMLInputElement).value).toBe('art');
    await click(element('[data-testid="property-set-add-option-0"]'));
    await typeInto(await waitFor(() => element('[data-testid="property-set-option-label-0-1"]')), 'Chess');
    await typeInto(element('[data-testid="property-set-option-value-0-1"]'), 'chess');
    await click(element('[data-testid="property-set-save"]'));
    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0]?.data).toEqual({
      modifications: [
        {
          name: 'interest',
          options: [
            { label: 'Art', value: 'art' },
            { label: 'Chess', value: 'chess' },
          ],
        },
      ],
      revision: 1,
    });
    expect(updates[0]?.meta).toEqual({ context_type: 'group', context_id: 'g1' });
    view.unmount();
  });

  it("edits a basic set's tag parents, saves them, and shows the server's refusal beside the entry", async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { dataProvider, updates } = provider({ ...basicSet, tag_parents: ['ideas/p-tags'] }, { status: 400, body: { error: 'validation_failed', errors: [{ field: 'tag_parents.1', key: 'unknown_tag_parent' }] } });
    const view = await render(editor(dataProvider));
    expect(((await waitFor(() => element('[data-testid="property-set-tag-parent-0"]'))) as HTMLInputElement).value).toBe('ideas/p-tags');
    await click(element('[data-testid="property-set-add-tag-parent"]'));
    await typeInto(await waitFor(() => element('[data-testid="property-set-tag-parent-1"]')), 'rooms/p-nope');
    await click(element('[data-testid="property-set-save"]'));
    await waitFor(() => expect(updates).toHaveLength(1));
    expect((updates[0]?.data as { tag_parents: string[] }).tag_parents).toEqual(['ideas/p-tags', 'rooms/p-nope']);
    await waitFor(() => expect(element('[data-testid="property-set-tag-parents"]').textContent).toContain('Not a tag property of an app'));
    view.unmount();
    logged.mockRestore();
  });

  it("offers no tag parents of a modified set's own", async () => {
    const view = await render(editor(provider(modifiedSet).dataProvider, { context_type: 'group', context_id: 'g1' }));
    await waitFor(() => element('[data-testid="property-set-parent-options-0"]'));
    expect(document.querySelector('[data-testid="property-set-tag-parents"]')).toBeNull();
    view.unmount();
  });

  it('shows a not-found title for a set that does not exist', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const view = await render(editor(provider('missing').dataProvider));
    await waitFor(() => expect(element('[data-testid="property-set-not-found"]').textContent).toBe('Property set “profile” not found'));
    expect(document.querySelector('[data-testid="property-set-save"]')).toBeNull();
    view.unmount();
    logged.mockRestore();
  });
});
