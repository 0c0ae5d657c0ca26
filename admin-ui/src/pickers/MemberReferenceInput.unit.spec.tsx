/** @jest-environment jsdom */
import '../testing/jsdom-text-encoding.cjs';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, ResourceContextProvider, SimpleForm, type DataProvider, type GetListParams, type GetManyParams } from 'react-admin';
import { englishMessagesAll } from '../i18n/english';
import { allByRole, byRole, click, render, typeInto, waitFor } from '../testing/render';
import { MemberReferenceInput } from './MemberReferenceInput';

// react-admin's CommonJS build requires react-hotkeys-hook, which ships only as an ES module; no hotkeys here
jest.mock('react-hotkeys-hook', () => ({ useHotkeys: () => ({ current: null }) }));

const MEMBERS = [
  { id: 'm-ada', name: 'Ada Admin', email: 'ada@example.org' },
  { id: 'm-bo', name: 'Bo Berg', email: 'bo@example.org' },
];

/** The members resource as the members data provider answers it; every list query is kept. */
const membersProvider = () => {
  const listQueries: GetListParams[] = [];
  const matching = (q: unknown) =>
    MEMBERS.filter((member) => typeof q !== 'string' || member.name.toLowerCase().includes(q.toLowerCase()));
  const provider = {
    getList: (_resource: string, params: GetListParams) => {
      listQueries.push(params);
      const data = matching((params.filter as Record<string, unknown> | undefined)?.q);
      return Promise.resolve({ data, total: data.length });
    },
    getMany: (_resource: string, params: GetManyParams) =>
      Promise.resolve({ data: MEMBERS.filter((member) => params.ids.includes(member.id)) }),
  } as unknown as DataProvider;
  return { provider, listQueries };
};

const i18nProvider = polyglotI18nProvider(() => englishMessagesAll, 'en');

describe('the member picker', () => {
  it('offers members by name and submits the chosen member’s id', async () => {
    const { provider, listQueries } = membersProvider();
    const submitted = jest.fn();
    const view = await render(
      <AdminContext dataProvider={provider} i18nProvider={i18nProvider}>
        <ResourceContextProvider value="audit-events">
          <SimpleForm onSubmit={submitted} defaultValues={{ member: null }}>
            <MemberReferenceInput source="member" label="resources.audit-events.fields.member" />
          </SimpleForm>
        </ResourceContextProvider>
      </AdminContext>,
    );

    const input = await waitFor(() => byRole('combobox', 'Member'));
    await typeInto(input, 'Bo');
    // the search goes to the members list (debounced), which answers only the matching names
    await waitFor(() => expect(listQueries.some((query) => (query.filter as Record<string, unknown>).q === 'Bo')).toBe(true));
    const option = await waitFor(() => {
      expect(allByRole('option', 'Ada Admin')).toHaveLength(0);
      return byRole('option', 'Bo Berg');
    });

    await click(option);
    await waitFor(() => expect((input as HTMLInputElement).value).toBe('Bo Berg'));
    await click(byRole('button', 'Save'));
    await waitFor(() => expect(submitted).toHaveBeenCalled());
    expect(submitted.mock.calls[0]?.[0]).toEqual(expect.objectContaining({ member: 'm-bo' }));
    view.unmount();
  });
});
