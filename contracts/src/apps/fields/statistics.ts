import { ok, type FieldType } from './field-type';

/** Display only: how often the item was viewed (never stored with the item's values). */
export const statisticsField: FieldType<null> = {
  empty: () => null,
  isEmpty: () => true,
  parse: () => ok(null),
  fromStored: () => null,
  format: () => '',
  displayOnly: true,
};
