/** @jest-environment jsdom */
import '../testing/jsdom-text-encoding.cjs';
import { act } from 'react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, type DataProvider, type UpdateParams } from 'react-admin';
import { DEFAULT_NEWSLETTER_SETTINGS } from '@cn/contracts';
import { englishMessagesAll } from '../i18n/english';
import { allByRole, byRole, click, render, waitFor } from '../testing/render';
import { NewsletterSettingsEdit } from './NewsletterSettingsEdit';

jest.mock('react-hotkeys-hook', () => ({ useHotkeys: () => ({ current: null }) }));

const i18nProvider = polyglotI18nProvider(() => englishMessagesAll, 'en');

const settingsProvider = () => {
  const updates: UpdateParams[] = [];
  const provider = {
    getOne: () => Promise.resolve({ data: { id: 'settings', ...DEFAULT_NEWSLETTER_SETTINGS, revision: 0, updated_at: null } }),
    update: (_resource: string, params: UpdateParams) => {
      updates.push(params);
      return Promise.resolve({ data: { ...params.previousData, ...(params.data as object) } });
    },
  } as unknown as DataProvider;
  return { provider, updates };
};

/** the select whose label reads `label` (MUI: a combobox labelled by its label element, required ones with a star) */
const select = (label: string): HTMLElement => byRole('combobox', new RegExp(`^${label}(\\s*\\*)?$`));
const open = async (label: string): Promise<string[]> => {
  await act(async () => {
    select(label).dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0 }));
    await Promise.resolve();
  });
  return waitFor(() => {
    const options = allByRole('option').map((option) => option.textContent ?? '');
    if (options.length === 0) throw new Error('not open yet');
    return options;
  });
};
const choose = async (label: string, option: string): Promise<void> => {
  await open(label);
  const wanted = allByRole('option').find((element) => element.textContent === option);
  if (!wanted) throw new Error(`no option ${option}`);
  await click(wanted);
  await waitFor(() => expect(allByRole('option')).toHaveLength(0));
};
const hiddenValue = (name: string): string | null => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)?.value ?? null;

describe('the newsletter settings: the day selectors follow the interval', () => {
  it('offers weekdays for weekly, days of the month for monthly, and a second day and time for semimonthly', async () => {
    const { provider, updates } = settingsProvider();
    const view = await render(
      <AdminContext dataProvider={provider} i18nProvider={i18nProvider}>
        <NewsletterSettingsEdit />
      </AdminContext>,
    );
    await waitFor(() => select('Sending day'));
    expect(hiddenValue('day')).toBe('mon');
    const weekly = await open('Sending day');
    expect(weekly).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
    await click(allByRole('option').find((element) => element.textContent === 'Monday') as HTMLElement);
    expect(document.querySelector('input[name="second_day"]')).toBeNull();

    await choose('Interval', 'Monthly');
    await waitFor(() => expect(hiddenValue('day')).toBe('1'));
    const monthly = await open('Sending day');
    expect(monthly).toHaveLength(31);
    expect(monthly[0]).toBe('1');
    expect(monthly[30]).toBe('31');
    await click(allByRole('option').find((element) => element.textContent === '1') as HTMLElement);
    expect(document.querySelector('input[name="second_day"]')).toBeNull();

    await choose('Interval', 'Twice a month');
    await waitFor(() => expect(hiddenValue('second_day')).toBe('15'));
    expect(hiddenValue('second_time')).toBe('am');
    expect(hiddenValue('day')).toBe('1');

    await choose('Interval', 'Weekly');
    await waitFor(() => expect(hiddenValue('day')).toBe('mon'));
    expect(document.querySelector('input[name="second_day"]')).toBeNull();

    await choose('Interval', 'Twice a month');
    await waitFor(() => expect(hiddenValue('second_day')).toBe('15'));
    const save = document.querySelector<HTMLButtonElement>('[data-testid="newsletter-settings-save"]') as HTMLButtonElement;
    await waitFor(() => expect(save.disabled).toBe(false));
    await click(save);
    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0].data).toMatchObject({ interval: 'semimonthly', day: 1, second_day: 15, time: 'am', second_time: 'am' });
    view.unmount();
  });
});
