/** @jest-environment jsdom */
import '../testing/jsdom-text-encoding.cjs';
import { act } from 'react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, type DataProvider, type UpdateParams } from 'react-admin';
import { englishMessagesAll } from '../i18n/english';
import { byRole, click, render, waitFor } from '../testing/render';
import { UpcomingActivitiesOrder } from './UpcomingActivitiesOrder';

jest.mock('react-hotkeys-hook', () => ({ useHotkeys: () => ({ current: null }) }));

const i18nProvider = polyglotI18nProvider(() => englishMessagesAll, 'en');
const activities = [
  { id: 'fair', name: 'Summer fair', start: '2026-12-05T18:00:00.000Z', ordered: true },
  { id: 'choir', name: 'Choir practice', start: '2026-12-03T18:00:00.000Z', ordered: true },
  { id: 'board', name: 'Board meeting', start: '2026-12-04T18:00:00.000Z', ordered: false },
];

const orderProvider = () => {
  const updates: UpdateParams[] = [];
  const provider = {
    getOne: () => Promise.resolve({ data: { id: 'upcoming_activities', order: ['fair', 'choir'], revision: 1, activities } }),
    update: (_resource: string, params: UpdateParams) => {
      updates.push(params);
      return Promise.resolve({ data: { ...params.previousData, ...(params.data as object) } });
    },
  } as unknown as DataProvider;
  return { provider, updates };
};

const names = () => [...document.querySelectorAll('[data-testid^="upcoming-row-"]')].map((row) => row.querySelector('.MuiListItemText-primary')?.textContent);
const row = (index: number) => document.querySelector<HTMLElement>(`[data-testid="upcoming-row-${index}"]`) as HTMLElement;
const fire = async (target: HTMLElement, event: Event) => {
  await act(async () => {
    target.dispatchEvent(event);
    await Promise.resolve();
  });
};
const dragEvent = (type: string) => Object.assign(new Event(type, { bubbles: true, cancelable: true }), { dataTransfer: { setData: () => undefined, effectAllowed: 'move', dropEffect: 'move' } });

describe('the upcoming activities order', () => {
  it('moves rows with Alt+arrows, their buttons and drag and drop, and saves the whole order', async () => {
    const { provider, updates } = orderProvider();
    const view = await render(
      <AdminContext dataProvider={provider} i18nProvider={i18nProvider}>
        <UpcomingActivitiesOrder />
      </AdminContext>,
    );
    await waitFor(() => expect(names()).toEqual(['Summer fair', 'Choir practice', 'Board meeting']));
    const save = () => document.querySelector<HTMLButtonElement>('[data-testid="upcoming-save"]') as HTMLButtonElement;
    expect(save().disabled).toBe(true);

    // the keyboard: the last row up, then a plain arrow (no Alt) does nothing
    await fire(row(2), new KeyboardEvent('keydown', { key: 'ArrowUp', altKey: true, bubbles: true }));
    expect(names()).toEqual(['Summer fair', 'Board meeting', 'Choir practice']);
    await fire(row(1), new KeyboardEvent('keydown', { key: 'ArrowUp', bubbles: true }));
    expect(names()).toEqual(['Summer fair', 'Board meeting', 'Choir practice']);
    expect(document.body.textContent).toContain('Board meeting moved to position 2.');

    // the buttons
    await click(byRole('button', 'Move Summer fair down'));
    expect(names()).toEqual(['Board meeting', 'Summer fair', 'Choir practice']);

    // drag the last row onto the first
    await fire(row(2), dragEvent('dragstart'));
    await fire(row(0), dragEvent('dragover'));
    await fire(row(0), dragEvent('drop'));
    expect(names()).toEqual(['Choir practice', 'Board meeting', 'Summer fair']);

    await waitFor(() => expect(save().disabled).toBe(false));
    await click(save());
    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0]).toMatchObject({ id: 'upcoming_activities', data: { order: ['choir', 'board', 'fair'] } });
    view.unmount();
  });
});
