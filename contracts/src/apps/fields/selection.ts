import type { PropertyDefinition } from '../properties';
import { asText, failed, ok, type FieldType } from './field-type';

/** the value of the form's 'no selection' option */
export const NO_SELECTION = '-1';

/** Whether the dropdown offers 'no selection' (value -1) first: only for an optional single choice. */
export const offersNoSelection = (definition: PropertyDefinition): boolean => !definition.required && !definition.multiple;

/** options a dropdown may show: an option with an empty value is never offered */
export const selectableOptions = (definition: PropertyDefinition) => definition.options.filter((option) => option.value.trim() !== '');

/** One option's value, or several when multiple; -1 and '' mean none. */
export const selectionField: FieldType<string[]> = {
  empty: () => [],
  isEmpty: (value) => value.length === 0,
  parse: (raw, definition) => {
    if (raw === null || raw === undefined) return ok([]);
    const values = (Array.isArray(raw) ? raw : [raw]).map(asText).filter((value) => value !== '' && value !== NO_SELECTION);
    if (!Array.isArray(raw) && typeof raw !== 'string' && typeof raw !== 'number') return failed('invalid_type');
    if (!definition.multiple && values.length > 1) return failed('not_multiple');
    const known = new Set(selectableOptions(definition).map((option) => option.value));
    const unknown = values.findIndex((value) => !known.has(value));
    if (unknown >= 0) return failed('unknown_option', Array.isArray(raw) ? String(unknown) : undefined);
    return ok([...new Set(values)]);
  },
  fromStored: (raw, definition) => {
    const known = new Set(selectableOptions(definition).map((option) => option.value));
    const values = (Array.isArray(raw) ? raw : [raw]).map(asText).filter((value) => known.has(value));
    return definition.multiple ? [...new Set(values)] : values.slice(0, 1);
  },
  format: (value, definition) =>
    value.map((selected) => definition.options.find((option) => option.value === selected)?.label ?? selected).join(', '),
};
