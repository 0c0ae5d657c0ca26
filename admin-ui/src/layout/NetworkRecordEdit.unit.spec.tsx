/** @jest-environment jsdom */
import '../testing/jsdom-text-encoding.cjs';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, Notification, TextInput, type DataProvider, type UpdateParams } from 'react-admin';
import { englishMessagesAll } from '../i18n/english';
import { click, render, typeInto, waitFor } from '../testing/render';
import { NetworkRecordEdit } from './NetworkRecordEdit';

// react-admin's CommonJS build requires react-hotkeys-hook, which ships only as an ES module; no hotkeys here
jest.mock('react-hotkeys-hook', () => ({ useHotkeys: () => ({ current: null }) }));

const i18nProvider = polyglotI18nProvider(() => englishMessagesAll, 'en');

/** the imprint resource with one record; every update is kept, and answered as the server would (or 409) */
const imprintProvider = (answer: 'saved' | 'conflict' = 'saved') => {
  let record = { id: 'network', content: 'Old imprint' };
  const updates: UpdateParams[] = [];
  const reads: string[] = [];
  const provider = {
    getOne: (resource: string) => {
      reads.push(resource);
      return Promise.resolve({ data: record });
    },
    update: (_resource: string, params: UpdateParams) => {
      updates.push(params);
      if (answer === 'conflict') return Promise.reject(Object.assign(new Error('conflict'), { status: 409 }));
      record = { ...record, ...(params.data as object) };
      return Promise.resolve({ data: record });
    },
  } as unknown as DataProvider;
  return { provider, updates, reads };
};

const saveButton = () => {
  const button = document.querySelector<HTMLButtonElement>('[data-testid="imprint-save"]');
  if (!button) throw new Error('no save button yet');
  return button;
};
const contentInput = () => {
  const input = document.querySelector<HTMLInputElement>('input[name="content"]');
  if (!input || input.value === '') throw new Error('the record is not loaded yet');
  return input;
};

describe('the editor of a record the network has one of', () => {
  it('loads the record, keeps Save disabled until a change, saves it pessimistically and says so', async () => {
    const { provider, updates } = imprintProvider();
    const view = await render(
      <AdminContext dataProvider={provider} i18nProvider={i18nProvider}>
        <NetworkRecordEdit resource="imprint" id="network" saveTestId="imprint-save">
          <TextInput source="content" />
        </NetworkRecordEdit>
        <Notification />
      </AdminContext>,
    );
    const input = await waitFor(contentInput);
    expect(input.value).toBe('Old imprint');
    expect(saveButton().disabled).toBe(true);

    await typeInto(input, 'New imprint');
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    await click(saveButton());
    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0]).toMatchObject({ id: 'network', data: { content: 'New imprint' } });
    await waitFor(() => expect(document.body.textContent).toContain('Saved successfully'));
    view.unmount();
  });

  it('lets a form whose rows are added outside the fields save unchanged, and says a 409 in words, reading the record again', async () => {
    const { provider, updates, reads } = imprintProvider('conflict');
    // react-admin logs the refused update; the toast is what this checks
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const view = await render(
      <AdminContext dataProvider={provider} i18nProvider={i18nProvider}>
        <NetworkRecordEdit resource="imprint" id="network" saveTestId="imprint-save" alwaysEnabled>
          <TextInput source="content" />
        </NetworkRecordEdit>
        <Notification />
      </AdminContext>,
    );
    await waitFor(contentInput);
    expect(saveButton().disabled).toBe(false);
    const readsBefore = reads.length;
    await click(saveButton());
    await waitFor(() => expect(updates).toHaveLength(1));
    await waitFor(() => expect(document.body.textContent).toContain('Someone else changed this in the meantime'));
    await waitFor(() => expect(reads.length).toBeGreaterThan(readsBefore));
    view.unmount();
    logged.mockRestore();
  });
});
