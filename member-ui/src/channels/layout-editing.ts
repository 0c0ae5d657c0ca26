import { CHANNEL_ROW_WIDTHS, type ChannelRow, type ChannelRowLayout } from '@cn/contracts';

/** Pure steps of the layout editor: each answers new rows and never changes the given ones. */

/** a row of another layout keeps its widgets in order as far as it has cells */
export const withLayout = (rows: readonly ChannelRow[], index: number, layout: ChannelRowLayout): ChannelRow[] =>
  rows.map((row, r) => {
    if (r !== index) return row;
    const cells = CHANNEL_ROW_WIDTHS[layout].length;
    const kept = row.widgets.filter((id): id is string => id !== null).slice(0, cells);
    return { layout, widgets: Array.from({ length: cells }, (_, c) => kept[c] ?? null) };
  });

/** puts a widget into a cell; it leaves the cell it was in, and what the cell held moves to that place */
export const placeWidget = (rows: readonly ChannelRow[], widgetId: string, target: { row: number; cell: number }): ChannelRow[] => {
  const from = rows.flatMap((row, r) => row.widgets.flatMap((id, c) => (id === widgetId ? [{ row: r, cell: c }] : [])))[0];
  const displaced = rows[target.row]?.widgets[target.cell] ?? null;
  return rows.map((row, r) => ({
    ...row,
    widgets: row.widgets.map((id, c) => {
      if (r === target.row && c === target.cell) return widgetId;
      if (from && r === from.row && c === from.cell) return displaced;
      return id === widgetId ? null : id;
    }),
  }));
};

export const clearCell = (rows: readonly ChannelRow[], target: { row: number; cell: number }): ChannelRow[] =>
  rows.map((row, r) => (r === target.row ? { ...row, widgets: row.widgets.map((id, c) => (c === target.cell ? null : id)) } : row));

export const addRow = (rows: readonly ChannelRow[], layout: ChannelRowLayout): ChannelRow[] => [...rows, { layout, widgets: CHANNEL_ROW_WIDTHS[layout].map(() => null) }];

export const removeRow = (rows: readonly ChannelRow[], index: number): ChannelRow[] => rows.filter((_, r) => r !== index);

export const moveRow = (rows: readonly ChannelRow[], index: number, by: -1 | 1): ChannelRow[] => {
  const to = index + by;
  if (to < 0 || to >= rows.length) return [...rows];
  const next = [...rows];
  [next[index], next[to]] = [next[to], next[index]];
  return next;
};

/** the widgets no cell holds */
export const unplaced = (rows: readonly ChannelRow[], widgetIds: readonly string[]): string[] => {
  const placed = new Set(rows.flatMap((row) => row.widgets));
  return widgetIds.filter((id) => !placed.has(id));
};
