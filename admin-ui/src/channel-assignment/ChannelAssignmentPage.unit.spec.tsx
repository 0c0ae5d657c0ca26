/** @jest-environment jsdom */
import '../testing/jsdom-text-encoding.cjs';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, Notification, type DataProvider, type GetListParams } from 'react-admin';
import type { ApiClient, HttpClient } from '../api/apiClient';
import { englishMessagesAll } from '../i18n/english';
import { byRole, click, render, typeInto, waitFor } from '../testing/render';
import { CHANNEL_ASSIGNMENT_PATH, createChannelAssignmentDataProvider, PUBLIC_CHANNELS_PATH } from './channel-assignment-data-provider';
import { ChannelAssignmentPage } from './ChannelAssignmentPage';

// react-admin's CommonJS build requires react-hotkeys-hook, which ships only as an ES module; no hotkeys here
jest.mock('react-hotkeys-hook', () => ({ useHotkeys: () => ({ current: null }) }));

const i18nProvider = polyglotI18nProvider(() => englishMessagesAll, 'en');

/**
 * The page's own data provider over an HTTP client that answers like the server (the public channels, the
 * assignment) and keeps every request; members and groups come from their pickers' resources.
 */
const server = (assignment: { added: number } | { refusal: string }) => {
  const requests: Array<{ url: string; method: string; body: unknown }> = [];
  const httpClient: HttpClient = (url, options = {}) => {
    const method = options.method ?? 'GET';
    requests.push({ url, method, body: typeof options.body === 'string' ? JSON.parse(options.body) : undefined });
    const answer = (json: unknown) => Promise.resolve({ status: 200, headers: new Headers(), body: JSON.stringify(json), json });
    if (url === PUBLIC_CHANNELS_PATH) return answer({ entries: [{ slug: 'news', title: 'News' }, { slug: 'sports', title: 'Sports' }], pagination: { page: 1, per_page: 100, total: 2, total_pages: 1 } });
    if (url === CHANNEL_ASSIGNMENT_PATH && method === 'POST') {
      if ('refusal' in assignment) return Promise.reject(Object.assign(new Error(assignment.refusal), { status: 400, body: { error: assignment.refusal } }));
      return answer({ position: 12, added: assignment.added });
    }
    return Promise.reject(new Error(`unexpected ${method} ${url}`));
  };
  const api: ApiClient = { httpClient, network: () => Promise.reject(new Error('not used')), forgetSession: () => undefined, lastPosition: () => null };
  const page = createChannelAssignmentDataProvider(api);
  const people: Record<string, Array<{ id: string; name: string }>> = { members: [{ id: 'm-mia', name: 'Mia Member' }], groups: [{ id: 'g-choir', name: 'Choir' }] };
  const provider = new Proxy(page, {
    get: (target, name: string) => {
      if (name === 'getList') {
        return (resource: string, params: GetListParams) =>
          resource === 'channel_assignment' ? target.getList(resource, params) : Promise.resolve({ data: people[resource] ?? [], total: (people[resource] ?? []).length });
      }
      if (name === 'getMany') {
        return (resource: string, params: { ids: unknown[] }) => Promise.resolve({ data: (people[resource] ?? []).filter((one) => params.ids.includes(one.id)) });
      }
      return (target as unknown as Record<string, unknown>)[name];
    },
  }) as DataProvider;
  return { provider, posted: () => requests.filter((request) => request.method === 'POST') };
};

const renderPage = (provider: DataProvider) =>
  render(
    <AdminContext dataProvider={provider} i18nProvider={i18nProvider}>
      <ChannelAssignmentPage />
      <Notification />
    </AdminContext>,
  );

const input = (label: string): HTMLInputElement => {
  const found = byRole('combobox', label);
  if (!(found instanceof HTMLInputElement)) throw new Error(`${label} is no input`);
  return found;
};

const choose = async (label: string, text: string, option: string) => {
  await typeInto(input(label), text);
  await click(await waitFor(() => byRole('option', option)));
};

const allMembersSwitch = (): HTMLInputElement => {
  const found = document.querySelector<HTMLInputElement>('input[name="subscribe_all_network_members"]');
  if (!found) throw new Error('no switch yet');
  return found;
};

describe('the channel subscription assignment page', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it("switches the member and group pickers off for 'all members', sends the channels without members and says how many were added", async () => {
    const { provider, posted } = server({ added: 5 });
    const view = await renderPage(provider);
    await waitFor(() => input('Channels'));
    await waitFor(() => expect([input('Members').disabled, input('Groups (their members)').disabled]).toEqual([false, false]));
    await click(allMembersSwitch());
    await waitFor(() => expect([input('Members').disabled, input('Groups (their members)').disabled]).toEqual([true, true]));
    await choose('Channels', 'New', 'News');
    await click(byRole('button', 'Subscribe'));
    await waitFor(() => expect(posted()).toEqual([{ url: CHANNEL_ASSIGNMENT_PATH, method: 'POST', body: { channels: ['news'], subscribe_all_network_members: true, members: [] } }]));
    await waitFor(() => expect(document.body.textContent).toContain('Done: 5 subscriptions added'));
    view.unmount();
  });

  it('sends the chosen members and groups as { id, type }', async () => {
    const { provider, posted } = server({ added: 1 });
    const view = await renderPage(provider);
    await waitFor(() => input('Channels'));
    await choose('Channels', 'Spo', 'Sports');
    await choose('Members', 'Mia', 'Mia Member');
    await choose('Groups (their members)', 'Cho', 'Choir');
    await click(byRole('button', 'Subscribe'));
    await waitFor(() =>
      expect(posted().map((request) => request.body)).toEqual([
        { channels: ['sports'], subscribe_all_network_members: false, members: [{ id: 'm-mia', type: 'member' }, { id: 'g-choir', type: 'group' }] },
      ]),
    );
    await waitFor(() => expect(document.body.textContent).toContain('Done: 1 subscription added'));
    view.unmount();
  });

  it('sends nothing without channels and members, and tells a refusal in an error toast', async () => {
    const { provider, posted } = server({ refusal: 'unknown_channel' });
    const view = await renderPage(provider);
    await waitFor(() => input('Channels'));
    await click(byRole('button', 'Subscribe'));
    await waitFor(() => expect(document.body.textContent).toContain('Choose at least one channel'));
    expect(posted()).toEqual([]);
    await choose('Channels', 'New', 'News');
    await click(allMembersSwitch());
    await click(byRole('button', 'Subscribe'));
    await waitFor(() => expect(document.body.textContent).toContain('The subscriptions could not be assigned (unknown_channel)'));
    expect(posted()).toHaveLength(1);
    view.unmount();
  });
});
