import {
  BUILT_IN_APPOINTMENT_CATEGORIES,
  categoryLabelKey,
  type AppointmentCategoryEvent,
  type CustomCategory,
  type CustomCategoryInput,
} from '@cn/contracts';
import { DomainError, type Decider } from '@cn/domain';

export interface AppointmentCategoriesState {
  custom: CustomCategory[];
}

export interface ChangeAppointmentCategories {
  type: 'ChangeAppointmentCategories';
  network_id: string;
  custom_categories: CustomCategoryInput[];
}

export const initialAppointmentCategoriesState = (): AppointmentCategoriesState => ({ custom: [] });

export const evolveAppointmentCategories = (state: AppointmentCategoriesState, event: AppointmentCategoryEvent): AppointmentCategoriesState => {
  switch (event.type) {
    case 'AppointmentCategoriesChanged':
      return { custom: event.data.custom_categories };
    default:
      return state;
  }
};

const field = (index: number, name: 'id' | 'label'): string => `custom_categories.${index}.${name}`;
const destroyed = (input: CustomCategoryInput): boolean => input._destroy === true || input._destroy === '1' || input._destroy === 'true';

/**
 * Nested-attributes semantics: listed categories with an id are renamed or (with _destroy) removed, those
 * without one are added with their label as id, the others stay. Labels are unique among built-in and
 * custom categories (trimmed, case-insensitive); a clash is answered on the entry that brings it in.
 */
export const decideAppointmentCategories = (command: ChangeAppointmentCategories, state: AppointmentCategoriesState): AppointmentCategoryEvent[] => {
  let next = [...state.custom];
  const added: string[] = [];
  const renamed: string[] = [];
  const removed: string[] = [];
  /** index in the request of the entry that set each id's label */
  const sourceOf = new Map<string, number>();
  // removals first, so that a label freed in the same change can be taken again
  command.custom_categories.forEach((input, index) => {
    if (input.id === undefined || !destroyed(input)) return;
    const id = input.id;
    if (!next.some((category) => category.id === id)) throw new DomainError('unknown_category', 'invalid', field(index, 'id'));
    next = next.filter((category) => category.id !== id);
    removed.push(id);
  });
  command.custom_categories.forEach((input, index) => {
    if (destroyed(input)) return;
    if (input.id === undefined) {
      const id = input.label;
      if (next.some((category) => category.id === id)) throw new DomainError('duplicated_category', 'invalid', field(index, 'label'));
      next.push({ id, label: input.label });
      added.push(id);
      sourceOf.set(id, index);
      return;
    }
    const id = input.id;
    const current = next.find((category) => category.id === id);
    if (!current) throw new DomainError('unknown_category', 'invalid', field(index, 'id'));
    if (current.label !== input.label) {
      next = next.map((category) => (category.id === id ? { id, label: input.label } : category));
      renamed.push(id);
    }
    sourceOf.set(id, index);
  });
  const builtIn = new Set(BUILT_IN_APPOINTMENT_CATEGORIES.flatMap((category) => [categoryLabelKey(category.label), categoryLabelKey(category.id)]));
  /** label key → id of the category holding it */
  const seen = new Map<string, string>();
  for (const category of next) {
    const key = categoryLabelKey(category.label);
    const other = seen.get(key);
    if (builtIn.has(key) || other !== undefined) {
      // answered on the entry that brought the clash in (an untouched clash cannot exist: every change was checked)
      const culprit = sourceOf.get(category.id) ?? (other === undefined ? undefined : sourceOf.get(other)) ?? 0;
      throw new DomainError('duplicated_category', 'invalid', field(culprit, 'label'));
    }
    seen.set(key, category.id);
  }
  if (added.length + renamed.length + removed.length === 0) return [];
  return [
    {
      type: 'AppointmentCategoriesChanged',
      data: { network_id: command.network_id, custom_categories: next, added, renamed, removed },
    },
  ];
};

export const appointmentCategoriesDecider: Decider<AppointmentCategoriesState, ChangeAppointmentCategories, AppointmentCategoryEvent> = {
  initialState: initialAppointmentCategoriesState,
  evolve: evolveAppointmentCategories,
  decide: decideAppointmentCategories,
};
