import { useEffect, useState } from 'react';

export type SheetView = 'sheet' | 'list';

/** The list view replaces the sheet below this width (§9). */
export const MOBILE_BREAKPOINT_PX = 768;
const STORAGE_KEY = 'cn.appointments.view';

export interface StoredView {
  view: SheetView;
  /** yyyy-MM-dd of the shown month */
  date: string;
}

/** The chosen view and date last for the browser session (sessionStorage). */
export const readStoredView = (fallbackDate: string): StoredView => {
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? 'null');
    if (parsed && typeof parsed === 'object') {
      const { view, date } = parsed as Partial<StoredView>;
      return {
        view: view === 'list' ? 'list' : 'sheet',
        date: typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : fallbackDate,
      };
    }
  } catch {
    // storage unavailable or garbled: start fresh
  }
  return { view: 'sheet', date: fallbackDate };
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The shown view and date: the URL's (`?date=yyyy-MM-dd&view=sheet|list`) when valid, else the stored
 * ones; a date that is no calendar day (2026-02-31) falls back too.
 */
export const viewStateOf = (params: URLSearchParams, fallback: StoredView): StoredView => {
  const date = params.get('date');
  const view = params.get('view');
  const validDate = date !== null && DATE.test(date) && !Number.isNaN(Date.parse(`${date}T00:00:00Z`)) && new Date(`${date}T00:00:00Z`).toISOString().startsWith(date);
  return {
    view: view === 'list' || view === 'sheet' ? view : fallback.view,
    date: validDate ? date : fallback.date,
  };
};

export const storeView = (value: StoredView): void => {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(value));
  } catch {
    // private mode: the choice lasts for this page only
  }
};

export const useMediaQuery = (query: string): boolean => {
  const [matches, setMatches] = useState(() => typeof window.matchMedia === 'function' && window.matchMedia(query).matches);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return undefined;
    const list = window.matchMedia(query);
    const onChange = () => setMatches(list.matches);
    onChange();
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, [query]);
  return matches;
};
