import { addRow, clearCell, moveRow, placeWidget, removeRow, unplaced, withLayout } from './layout-editing';

describe('the layout editor', () => {
  const rows = [
    { layout: 'half-1-2' as const, widgets: ['a', 'b'] },
    { layout: 'full' as const, widgets: [null] },
  ];

  it('drops a widget into a cell, swapping with what the cell held', () => {
    expect(placeWidget(rows, 'a', { row: 1, cell: 0 })).toEqual([
      { layout: 'half-1-2', widgets: [null, 'b'] },
      { layout: 'full', widgets: ['a'] },
    ]);
    expect(placeWidget(rows, 'a', { row: 0, cell: 1 })[0].widgets).toEqual(['b', 'a']);
    expect(placeWidget(rows, 'c', { row: 0, cell: 0 })[0].widgets).toEqual(['c', 'b']);
  });

  it('changes a row layout keeping its widgets as far as it has cells', () => {
    expect(withLayout(rows, 0, 'third')[0]).toEqual({ layout: 'third', widgets: ['a', 'b', null] });
    expect(withLayout(rows, 0, 'full')[0]).toEqual({ layout: 'full', widgets: ['a'] });
    expect(unplaced(withLayout(rows, 0, 'full'), ['a', 'b', 'c'])).toEqual(['b', 'c']);
  });

  it('adds, moves, clears and removes rows', () => {
    expect(addRow(rows, 'third')[2]).toEqual({ layout: 'third', widgets: [null, null, null] });
    expect(moveRow(rows, 1, -1).map((row) => row.layout)).toEqual(['full', 'half-1-2']);
    expect(moveRow(rows, 0, -1)).toEqual(rows);
    expect(clearCell(rows, { row: 0, cell: 0 })[0].widgets).toEqual([null, 'b']);
    expect(removeRow(rows, 0)).toEqual([rows[1]]);
  });
});
