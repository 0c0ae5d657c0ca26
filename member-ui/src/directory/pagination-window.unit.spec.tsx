/** @jest-environment jsdom */
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../i18n';
import { allTranslations } from '../i18n/all-translations';
import { Pagination } from './Pagination';
import { paginationWindow, type PageItem } from './pagination-window';

const show = (items: PageItem[]): string =>
  items.map((item) => (item.kind === 'gap' ? '…' : item.current ? `[${item.page}]` : String(item.page))).join(' ');

describe('pagination window (2 pages either side)', () => {
  it('shows nothing for a single page', () => {
    expect(paginationWindow(1, 1)).toEqual([]);
    expect(paginationWindow(1, 0)).toEqual([]);
  });

  it('keeps two pages either side and marks the gaps to first and last', () => {
    expect(show(paginationWindow(10, 20))).toBe('1 … 8 9 [10] 11 12 … 20');
  });

  it('needs no gap when the window touches the ends', () => {
    expect(show(paginationWindow(1, 5))).toBe('[1] 2 3 4 5');
    expect(show(paginationWindow(3, 5))).toBe('1 2 [3] 4 5');
    expect(show(paginationWindow(4, 7))).toBe('1 2 3 [4] 5 6 7');
  });

  it('joins a window one page away from an end without a gap', () => {
    expect(show(paginationWindow(4, 10))).toBe('1 2 3 [4] 5 6 … 10');
    expect(show(paginationWindow(8, 10))).toBe('1 … 6 7 [8] 9 10');
  });

  it('shows a single missing page instead of a gap marker', () => {
    expect(show(paginationWindow(5, 12))).toBe('1 2 3 4 [5] 6 7 … 12');
    expect(show(paginationWindow(8, 12))).toBe('1 … 6 7 [8] 9 10 11 12');
  });

  it('clamps a page outside the range', () => {
    expect(show(paginationWindow(99, 6))).toBe('1 … 4 5 [6]');
    expect(show(paginationWindow(0, 6))).toBe('[1] 2 3 … 6');
  });

  it('renders the window and reports the chosen page', () => {
    const onPage = jest.fn();
    render(
      <I18nextProvider i18n={createI18n('de', allTranslations)}>
        <Pagination page={5} totalPages={12} onPage={onPage} />
      </I18nextProvider>,
    );
    const pages = screen.getAllByRole('button').map((button) => button.textContent);
    expect(pages).toEqual(['‹', '1', '2', '3', '4', '5', '6', '7', '12', '›']);
    expect(screen.getByRole('button', { name: 'Seite 5' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(screen.getByRole('button', { name: 'Seite 7' }));
    expect(onPage).toHaveBeenCalledWith(7);
    fireEvent.click(screen.getByRole('button', { name: 'Vorherige Seite' }));
    expect(onPage).toHaveBeenCalledWith(4);
  });
});
