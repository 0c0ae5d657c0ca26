import {
  BUILT_IN_APPOINTMENT_CATEGORIES,
  categoryLabelKey,
  type ChangeAppointmentCategoriesRequest,
  type CustomCategory,
} from '@cn/contracts';

/** The one record of this resource: the network's custom categories. */
export const CATEGORIES_RECORD_ID = 'network';

export interface CategoriesRecord {
  id: typeof CATEGORIES_RECORD_ID;
  custom_categories: Array<{ id?: string; label: string }>;
}

/**
 * The PUT body: every category on the form in its order (new ones as label only, their label becomes
 * their id), then those removed from it with _destroy. The server's field errors
 * (`custom_categories.<n>.label`) therefore name the form's own rows.
 */
export const categoriesChangeOf = (previous: readonly CustomCategory[], next: CategoriesRecord['custom_categories']): ChangeAppointmentCategoriesRequest => ({
  custom_categories: [
    ...next.map((category) => (category.id ? { id: category.id, label: category.label.trim() } : { label: category.label.trim() })),
    ...previous.filter((old) => !next.some((category) => category.id === old.id)).map((old) => ({ id: old.id, label: old.label, _destroy: true })),
  ],
});

/** The editor's own check before adding: null when the label may be added, else the error key. */
export const newLabelError = (label: string, existing: ReadonlyArray<{ label: string }>): 'required' | 'duplicated_category' | null => {
  const key = categoryLabelKey(label);
  if (key === '') return 'required';
  const taken = [...BUILT_IN_APPOINTMENT_CATEGORIES, ...existing].some((category) => categoryLabelKey(category.label) === key);
  return taken ? 'duplicated_category' : null;
};
