import { categoriesChangeOf, newLabelError } from './categoriesChange';

describe('custom appointment categories editor', () => {
  it('sends the form rows in order (new ones as label only), then the removed ones with _destroy', () => {
    expect(
      categoriesChangeOf(
        [
          { id: 'Choir', label: 'Choir' },
          { id: 'Garden', label: 'Garden' },
        ],
        [{ id: 'Choir', label: ' Singing ' }, { label: 'Board' }],
      ),
    ).toEqual({
      custom_categories: [{ id: 'Choir', label: 'Singing' }, { label: 'Board' }, { id: 'Garden', label: 'Garden', _destroy: true }],
    });
  });

  it('adds nothing empty or duplicated (built-in or custom, case-insensitive)', () => {
    expect(newLabelError('  ', [])).toBe('required');
    expect(newLabelError('choir', [{ label: 'Choir' }])).toBe('duplicated_category');
    expect(newLabelError('meeting', [])).toBe('duplicated_category');
    expect(newLabelError('Board', [{ label: 'Choir' }])).toBeNull();
  });
});
