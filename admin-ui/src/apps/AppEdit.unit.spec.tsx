/** @jest-environment jsdom */
import '../testing/jsdom-text-encoding.cjs';
import { act } from 'react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, HttpError, Notification, type DataProvider, type UpdateParams } from 'react-admin';
import { propertyDefinition } from '@cn/contracts';
import { englishMessagesAll } from '../i18n/english';
import { allByRole, byRole, click, render, waitFor } from '../testing/render';
import { AppEdit, tagParentChoices } from './AppEdit';
import type { AppRecord } from './apps-data-provider';

// react-admin's CommonJS build requires react-hotkeys-hook, which ships only as an ES module; no hotkeys here
jest.mock('react-hotkeys-hook', () => ({ useHotkeys: () => ({ current: null }) }));

const i18nProvider = polyglotI18nProvider(() => englishMessagesAll, 'en');
const title = propertyDefinition({ id: 'p-title', name: 'title', label: 'Title', type: 'text' });
const topic = propertyDefinition({ id: 'p-topic', name: 'topic', label: 'Topic', type: 'tag', multiple: true, tag_parents: ['labels/p-topics'] });
const staff = propertyDefinition({ id: 'p-staff', name: 'staff', label: 'Staff', type: 'tag', internal: true, tag_parents: ['ideas/p-topic'] });
const mood = propertyDefinition({ id: 'p-mood', name: 'mood', label: 'Mood', type: 'tag' });
const ideas: AppRecord = { id: 'ideas', name: 'Ideas', description: '', properties: [title, topic, staff, mood], teaser_template: '', email_integrations: [] };

const provider = (refusal?: HttpError) => {
  const updates: UpdateParams[] = [];
  const dataProvider = {
    getOne: () => Promise.resolve({ data: ideas }),
    update: (_resource: string, params: UpdateParams) => {
      updates.push(params);
      return refusal ? Promise.reject(refusal) : Promise.resolve({ data: params.data as AppRecord });
    },
  } as unknown as DataProvider;
  return { dataProvider, updates };
};

/** the tag groups pickers, one per tag property row, in order */
const pickers = (): HTMLElement[] => {
  const found = [...document.querySelectorAll<HTMLElement>('.ra-input-tag_parents, [class*="ra-input-properties"][class*="tag_parents"]')];
  if (found.length === 0) throw new Error('no tag groups picker yet');
  return found;
};
/** opens a picker's list: the options' texts */
const openPicker = async (picker: HTMLElement): Promise<Array<string | null>> => {
  const input = picker.querySelector('input') as HTMLInputElement;
  await act(async () => {
    input.focus();
    input.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
    await Promise.resolve();
  });
  return waitFor(() => {
    const found = allByRole('option').map((option) => option.textContent);
    expect(found.length).toBeGreaterThan(0);
    return found;
  });
};
const chipsOf = (picker: HTMLElement): string[] => [...picker.querySelectorAll('.MuiChip-label')].map((chip) => chip.textContent ?? '');

describe("the property-set editor's tag groups", () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it("offers the app's other tag properties, keeps another app's group it names, and saves the choice", async () => {
    const { dataProvider, updates } = provider();
    const view = await render(
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <AppEdit id="ideas" />
        <Notification />
      </AdminContext>,
    );
    const [topicPicker, staffPicker] = await waitFor(() => {
      const found = pickers();
      expect(found).toHaveLength(3);
      return found;
    });
    expect(chipsOf(staffPicker)).toEqual(['Topic (topic)']);
    expect(chipsOf(topicPicker)).toEqual(['labels/p-topics']);
    // open the topic row's picker: its choices are the app's other tag properties (never itself, never a
    // text property, and for a field that is not internal never an internal one)
    const options = await openPicker(topicPicker);
    expect(options).toContain('Mood (mood)');
    expect(options).not.toContain('Staff (staff)');
    expect(options).not.toContain('Topic (topic)');
    expect(options).not.toContain('Title (title)');
    await click(byRole('option', 'Mood (mood)'));
    await click(byRole('button', 'Save'));
    await waitFor(() => expect(updates).toHaveLength(1));
    const saved = (updates[0]?.data as AppRecord).properties;
    expect(saved.map((property) => [property.name, property.tag_parents ?? []])).toEqual([
      ['title', []],
      ['topic', ['labels/p-topics', 'ideas/p-mood']],
      ['staff', ['ideas/p-topic']],
      ['mood', []],
    ]);
    view.unmount();
  });

  /** picks a group in the topic row, saves, and the server refuses with these errors (as the data provider words them) */
  const refusedSave = async (errors: Record<string, Record<string, string>>): Promise<() => void> => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { dataProvider } = provider(new HttpError('cn.errors.validation_failed', 400, { errors: { properties: errors } }));
    const view = await render(
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <AppEdit id="ideas" />
        <Notification />
      </AdminContext>,
    );
    await waitFor(() => expect(pickers()).toHaveLength(3));
    await openPicker(pickers()[0]);
    await click(byRole('option', 'Mood (mood)'));
    await click(byRole('button', 'Save'));
    return () => {
      view.unmount();
      logged.mockRestore();
    };
  };

  it("shows the server's refusal of a tag group under the picker", async () => {
    const done = await refusedSave({ 1: { tag_parents: 'cn.apps.errors.unknown_tag_parent' } });
    await waitFor(() => expect(pickers()[0]?.textContent).toContain('No tag field of that app'));
    done();
  });

  it("shows the server's refusal of an internal group under the picker, and of making a public field's group internal under the switch", async () => {
    const done = await refusedSave({ 1: { tag_parents: 'cn.apps.errors.internal_tag_parent' }, 3: { internal: 'cn.apps.errors.public_tag_group' } });
    await waitFor(() => expect(pickers()[0]?.textContent).toContain('An internal field cannot be the group of a field that is not internal'));
    expect(document.body.textContent).toContain('A field that is not internal names this field as its tag group');
    done();
  });

  it('names saved tag properties only, never the row itself, and keeps unknown parents under their key', () => {
    const unsaved = { ...staff, id: undefined, name: 'draft', label: '' };
    expect(tagParentChoices('ideas', [title, topic, staff, mood, unsaved], staff, ['ideas/p-topic', 'other/p-x'])).toEqual([
      { id: 'ideas/p-topic', name: 'Topic (topic)' },
      { id: 'ideas/p-mood', name: 'Mood (mood)' },
      { id: 'other/p-x', name: 'other/p-x' },
    ]);
  });

  it('offers a field that is not internal no internal group, unless it names one already (then the refusal shows at it)', () => {
    expect(tagParentChoices('ideas', [title, topic, staff, mood], topic, ['labels/p-topics'])).toEqual([
      { id: 'ideas/p-mood', name: 'Mood (mood)' },
      { id: 'labels/p-topics', name: 'labels/p-topics' },
    ]);
    expect(tagParentChoices('ideas', [title, topic, staff, mood], topic, ['ideas/p-staff'])).toEqual([
      { id: 'ideas/p-staff', name: 'Staff (staff)' },
      { id: 'ideas/p-mood', name: 'Mood (mood)' },
    ]);
    // a row switched to internal in the form is offered them at once
    expect(tagParentChoices('ideas', [title, topic, staff, mood], { ...mood, internal: true }, []).map((choice) => choice.id)).toEqual(['ideas/p-topic', 'ideas/p-staff']);
  });
});
