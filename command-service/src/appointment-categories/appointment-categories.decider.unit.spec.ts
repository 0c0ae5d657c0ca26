import { changeAppointmentCategoriesRequestSchema, type AppointmentCategoryEvent, type ChangeAppointmentCategoriesRequest } from '@cn/contracts';
import { deciderSpecification, refusalOf } from '@cn/platform/testing';
import { appointmentCategoriesDecider } from './appointment-categories.decider';

const changed = (...labels: string[]): AppointmentCategoryEvent => ({
  type: 'AppointmentCategoriesChanged',
  data: { network_id: 'default', custom_categories: labels.map((label) => ({ id: label, label })), added: labels, renamed: [], removed: [] },
});
const spec = deciderSpecification(appointmentCategoriesDecider);
const decide = (events: AppointmentCategoryEvent[], request: ChangeAppointmentCategoriesRequest) =>
  spec.decide(events, { type: 'ChangeAppointmentCategories', network_id: 'default', ...changeAppointmentCategoriesRequestSchema.parse(request) });

describe('appointment categories decider', () => {
  it('adds a category with its label as id (trimmed), in one event with the whole list', () => {
    expect(decide([changed('Choir')], { custom_categories: [{ label: ' Board meeting ' }] })).toEqual([
      {
        type: 'AppointmentCategoriesChanged',
        data: {
          network_id: 'default',
          custom_categories: [
            { id: 'Choir', label: 'Choir' },
            { id: 'Board meeting', label: 'Board meeting' },
          ],
          added: ['Board meeting'],
          renamed: [],
          removed: [],
        },
      },
    ]);
  });

  it('renames keeping the id, removes with _destroy, keeps what is not listed', () => {
    const [event] = decide([changed('Choir', 'Garden', 'Board')], {
      custom_categories: [
        { id: 'Choir', label: 'Singing' },
        { id: 'Garden', label: 'Garden', _destroy: true },
      ],
    });
    expect(event.data).toEqual({
      network_id: 'default',
      custom_categories: [
        { id: 'Choir', label: 'Singing' },
        { id: 'Board', label: 'Board' },
      ],
      added: [],
      renamed: ['Choir'],
      removed: ['Garden'],
    });
  });

  it('takes a removed label again in the same change', () => {
    const [event] = decide([changed('Choir')], { custom_categories: [{ label: 'choir' }, { id: 'Choir', label: 'Choir', _destroy: true }] });
    expect(event.data).toMatchObject({ custom_categories: [{ id: 'choir', label: 'choir' }], added: ['choir'], removed: ['Choir'] });
  });

  it('answers nothing to change with no event', () => {
    expect(decide([changed('Choir')], { custom_categories: [{ id: 'Choir', label: 'Choir' }] })).toEqual([]);
    expect(decide([], { custom_categories: [] })).toEqual([]);
  });

  it.each([
    ['a second new one with the same label', [], [{ label: 'Choir' }, { label: 'choir ' }], 'custom_categories.1.label'],
    ['a new one like an existing one', ['Choir'], [{ label: 'CHOIR' }], 'custom_categories.0.label'],
    ['a rename onto another label', ['Choir', 'Garden'], [{ id: 'Garden', label: 'choir' }], 'custom_categories.0.label'],
    ['a built-in label', [], [{ label: 'Meeting' }], 'custom_categories.0.label'],
  ])('refuses %s with duplicated_category on the entry', (_case, existing, custom_categories, field) => {
    const error = refusalOf(() => decide([changed(...existing)], { custom_categories }));
    expect({ key: error.key, kind: error.kind, field: error.field }).toEqual({ key: 'duplicated_category', kind: 'invalid', field });
  });

  it('allows swapping two labels in one change, and refuses an unknown id', () => {
    const [event] = decide([changed('A', 'B')], {
      custom_categories: [
        { id: 'A', label: 'B' },
        { id: 'B', label: 'A' },
      ],
    });
    expect(event.data.custom_categories).toEqual([
      { id: 'A', label: 'B' },
      { id: 'B', label: 'A' },
    ]);
    const error = refusalOf(() => decide([], { custom_categories: [{ id: 'nope', label: 'Nope' }] }));
    expect({ key: error.key, kind: error.kind, field: error.field }).toEqual({ key: 'unknown_category', kind: 'invalid', field: 'custom_categories.0.id' });
  });

  it('requires a label (request schema)', () => {
    const parsed = changeAppointmentCategoriesRequestSchema.safeParse({ custom_categories: [{ label: '  ' }] });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['custom_categories.0.label', 'required']]);
  });
});
