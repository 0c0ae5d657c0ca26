/** @jest-environment jsdom */
import './jsdom-text-encoding.cjs';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../i18n';
import { allTranslations } from '../i18n/all-translations';
import { addedSummary } from './added-summary';
import { PICKER_DEBOUNCE_MS, SearchPicker, type PickerOption } from './SearchPicker';

const GROUPS = [
  { id: 'g1', name: 'Chor', member_count: 2 },
  { id: 'g2', name: 'Chronisten', member_count: 1 },
];

const Harness = ({ search, onPicked }: { search: (q: string) => Promise<typeof GROUPS>; onPicked: (ids: string[]) => void }) => {
  const [value, setValue] = useState<PickerOption[]>([]);
  return (
    <I18nextProvider i18n={createI18n('en', allTranslations)}>
      <SearchPicker
        label="Groups"
        name="group_ids"
        placeholder="Search groups …"
        value={value}
        onChange={(next) => {
          setValue(next);
          onPicked(next.map((option) => option.id));
        }}
        search={search}
        describe={(group) => `${group.member_count}`}
        testId="group-picker"
      />
    </I18nextProvider>
  );
};

describe('SearchPicker', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('asks once typing has settled for 375 ms, then picks with the arrow keys and Enter and removes with Backspace', async () => {
    const search = jest.fn((q: string) => Promise.resolve(GROUPS.filter((group) => group.name.toLowerCase().startsWith(q.toLowerCase()))));
    const picked = jest.fn<void, [string[]]>();
    render(<Harness search={search} onPicked={picked} />);
    const input = screen.getByRole('combobox', { name: 'Groups' });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'c' } });
    fireEvent.change(input, { target: { value: 'ch' } });
    act(() => jest.advanceTimersByTime(PICKER_DEBOUNCE_MS - 1));
    expect(search).not.toHaveBeenCalled();
    await act(async () => {
      jest.advanceTimersByTime(1);
      await Promise.resolve();
    });
    expect(search).toHaveBeenCalledTimes(1);
    expect(search).toHaveBeenCalledWith('ch');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Chor2', 'Chronisten1']);
    expect(input.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[0].id);

    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(screen.getAllByRole('option')[1].getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(picked).toHaveBeenLastCalledWith(['g2']);
    // a pick empties the field; searching again no longer offers what was picked
    expect((input as HTMLInputElement).value).toBe('');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    fireEvent.change(input, { target: { value: 'ch' } });
    await act(async () => {
      jest.advanceTimersByTime(PICKER_DEBOUNCE_MS);
      await Promise.resolve();
    });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Chor2']);
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.getAttribute('aria-expanded')).toBe('false');

    fireEvent.change(input, { target: { value: '' } });
    fireEvent.keyDown(input, { key: 'Backspace' });
    expect(picked).toHaveBeenLastCalledWith([]);
  });
});

describe('addedSummary', () => {
  it('lists the non-zero counts in the language of the console', () => {
    const en = createI18n('en', allTranslations);
    expect(addedSummary(en.t, 'en', { members: 2, groups: 1, roles: 0 })).toBe('2 members and 1 group');
    const de = createI18n('de', allTranslations);
    expect(addedSummary(de.t, 'de', { members: 1, groups: 0, roles: 3 })).toBe('1 Mitglied und 3 Rollen');
  });
});
