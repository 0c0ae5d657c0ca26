import { PAGINATION_WINDOW } from '@cn/contracts';

export type PageItem = { kind: 'page'; page: number; current: boolean } | { kind: 'gap'; key: string };

/**
 * Pages around the current one (PAGINATION_WINDOW either side), plus the first and last page
 * with a gap marker when the window does not reach them (a single missing page is shown instead).
 */
export const paginationWindow = (current: number, totalPages: number, window: number = PAGINATION_WINDOW): PageItem[] => {
  if (totalPages <= 1) return [];
  const page = Math.min(Math.max(1, Math.trunc(current)), totalPages);
  const from = Math.max(1, page - window);
  const to = Math.min(totalPages, page + window);
  const items: PageItem[] = [];
  const push = (value: number) => items.push({ kind: 'page', page: value, current: value === page });
  if (from > 1) {
    push(1);
    // a gap of a single page shows that page instead of a marker
    if (from === 3) push(2);
    else if (from > 3) items.push({ kind: 'gap', key: 'before' });
  }
  for (let value = from; value <= to; value++) push(value);
  if (to < totalPages) {
    if (to === totalPages - 2) push(totalPages - 1);
    else if (to < totalPages - 2) items.push({ kind: 'gap', key: 'after' });
    push(totalPages);
  }
  return items;
};
