/** @jest-environment jsdom */
import '../testing/jsdom-text-encoding.cjs';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, type DataProvider } from 'react-admin';
import { NETWORK_STATISTICS_ID, NETWORK_STATISTICS_TOPIC, STATISTICS_COLLECTION, type StatisticsResponse } from '@cn/contracts';
import { germanMessagesAll } from '../i18n/german';
import { FakeSocket, useFakeSocket } from '../testing/fake-socket';
import { render, waitFor } from '../testing/render';
import { StatisticsPage } from './StatisticsPage';

// react-admin's CommonJS build requires react-hotkeys-hook, which ships only as an ES module; no hotkeys here
jest.mock('react-hotkeys-hook', () => ({ useHotkeys: () => ({ current: null }) }));

const i18nProvider = polyglotI18nProvider(() => germanMessagesAll, 'de');

/** the network's statistics as the server answers them now: `members` members today */
const answer = (members: number): StatisticsResponse => ({
  scope: 'network',
  from: '2026-12-06',
  to: '2026-12-07',
  days: [
    { date: '2026-12-06', members: 3, active_members: 1, events: 10, commands: 5 },
    { date: '2026-12-07', members, active_members: 2, events: 20, commands: 8 },
  ],
  storage_bytes: null,
});

describe('the network statistics page', () => {
  useFakeSocket();

  it("watches the network statistics and reads the range again when the network's days change, not for a group's", async () => {
    let members = 4;
    let reads = 0;
    const dataProvider = {
      getOne: (_resource: string, { id }: { id: string }) => {
        reads += 1;
        return Promise.resolve({ data: { ...answer(members), id } });
      },
    } as unknown as DataProvider;
    const view = await render(
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <StatisticsPage />
      </AdminContext>,
    );
    const legend = () => document.querySelector('[data-testid="chart-members"]')?.textContent ?? '';
    await waitFor(() => expect(legend()).toContain('Mitglieder: 4'));
    const [socket] = FakeSocket.opened;
    expect(socket.url).toMatch(/\/api\/realtime$/);
    socket.onopen?.();
    expect(socket.sent.map((frame) => JSON.parse(frame) as unknown)).toEqual([{ type: 'watch', topics: [NETWORK_STATISTICS_TOPIC] }]);
    const push = (id: string) => socket.onmessage?.({ data: JSON.stringify({ type: 'changed', collection: STATISTICS_COLLECTION, id, doc: { position: 99 } }) });

    // a group's day is another page's: nothing is read
    members = 5;
    push('a-group-id');
    expect(reads).toBe(1);
    // a member joined the network: the page shows them without a reload
    push(NETWORK_STATISTICS_ID);
    await waitFor(() => expect(legend()).toContain('Mitglieder: 5'));
    expect(reads).toBe(2);
    view.unmount();
  });
});
