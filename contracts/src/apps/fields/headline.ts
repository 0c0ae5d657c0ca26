import { ok, type FieldType } from './field-type';

/** Display only: the label as a heading between fields. */
export const headlineField: FieldType<null> = {
  empty: () => null,
  isEmpty: () => true,
  parse: () => ok(null),
  fromStored: () => null,
  format: (_value, definition) => definition.label,
  displayOnly: true,
};
