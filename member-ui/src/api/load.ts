import type { UseQueryResult } from '@tanstack/react-query';
import { errorKeyOf } from './client';

/** What a page shows of a query: its loading note, its error (as an error key), or the data. */
export type Load<T> = { phase: 'loading' } | { phase: 'failed'; errorKey: string } | { phase: 'loaded'; data: T };

/**
 * A retry after an error shows the loading note again; data kept from an earlier key (a new page of
 * results) stays shown while the next arrives.
 */
export const loadOf = <T>(query: Pick<UseQueryResult<T>, 'status' | 'data' | 'error' | 'isFetching'>): Load<T> => {
  if (query.status === 'success' && query.data !== undefined) return { phase: 'loaded', data: query.data };
  if (query.status === 'error' && !query.isFetching) return { phase: 'failed', errorKey: errorKeyOf(query.error) };
  return { phase: 'loading' };
};

/** The same load with its data turned into what the page shows. */
export const mapLoad = <T, U>(load: Load<T>, shown: (data: T) => U): Load<U> => (load.phase === 'loaded' ? { phase: 'loaded', data: shown(load.data) } : load);
