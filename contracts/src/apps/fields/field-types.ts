import type { PropertyDefinition, PropertyType } from '../properties';
import { addressField } from './address';
import { dateField } from './date';
import { emailField } from './email';
import type { FieldType } from './field-type';
import { fileField } from './file';
import { headlineField } from './headline';
import { htmlField } from './html';
import { richTextAsText } from './rich-text-value';
import { imageField } from './image';
import { membershipField } from './membership';
import { numberField } from './number';
import { relationField } from './relation';
import { selectionField } from './selection';
import { statisticsField } from './statistics';
import { tagField } from './tag';
import { textField } from './text';
import { urlField } from './url';

/** One module per property type; this map is the only place that knows them all. */
export const FIELD_TYPES: Readonly<Record<PropertyType, FieldType<unknown>>> = {
  address: addressField as FieldType<unknown>,
  email: emailField as FieldType<unknown>,
  image: imageField as FieldType<unknown>,
  membership: membershipField as FieldType<unknown>,
  selection: selectionField as FieldType<unknown>,
  text: textField as FieldType<unknown>,
  url: urlField as FieldType<unknown>,
  number: numberField as FieldType<unknown>,
  tag: tagField as FieldType<unknown>,
  file: fileField as FieldType<unknown>,
  date: dateField as FieldType<unknown>,
  html: htmlField as FieldType<unknown>,
  relation: relationField as FieldType<unknown>,
  statistics: statisticsField as FieldType<unknown>,
  headline: headlineField as FieldType<unknown>,
};

/** the type's rules, or undefined for a type this version does not know ('Unsupported field type') */
export const fieldTypeOf = (type: string): FieldType<unknown> | undefined =>
  Object.hasOwn(FIELD_TYPES, type) ? FIELD_TYPES[type as PropertyType] : undefined;

export interface ItemValueError {
  /** `values.<name>` or `values.<name>.<path>` */
  field: string;
  key: string;
}

/**
 * A sent set of values checked against the definitions, keyed by property name in and by property id out
 * (what the log keeps), only the names sent. `partial` (an edit) checks only those; a create also refuses
 * a required property left out. Names that are no property, or a display-only one, are refused.
 */
export const parseItemValues = (
  properties: readonly PropertyDefinition[],
  sent: Record<string, unknown>,
  options: { partial: boolean },
): { ok: true; values: Record<string, unknown> } | { ok: false; errors: ItemValueError[] } => {
  const errors: ItemValueError[] = [];
  const values: Record<string, unknown> = {};
  const byName = new Map(properties.map((property) => [property.name, property]));
  for (const name of Object.keys(sent)) {
    const property = byName.get(name);
    if (!property || FIELD_TYPES[property.type].displayOnly) errors.push({ field: `values.${name}`, key: 'unknown_property' });
  }
  for (const property of properties) {
    const type = FIELD_TYPES[property.type];
    if (type.displayOnly) continue;
    if (!Object.hasOwn(sent, property.name)) {
      // a property not sent keeps its value (an edit) or stays empty (a create): only a required one is missing
      if (!options.partial && property.required) errors.push({ field: `values.${property.name}`, key: 'required' });
      continue;
    }
    const parsed = type.parse(sent[property.name], property);
    if (!parsed.ok) {
      for (const error of parsed.errors) errors.push({ field: error.path ? `values.${property.name}.${error.path}` : `values.${property.name}`, key: error.key });
      continue;
    }
    if (property.required && type.isEmpty(parsed.value)) {
      errors.push({ field: `values.${property.name}`, key: 'required' });
      continue;
    }
    values[property.id] = parsed.value;
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, values };
};

/**
 * Stored values (by property id, written under any earlier definition) read under the current
 * definitions, keyed by the current names: a renamed property keeps its values, a retyped one converts
 * what it can, a removed one is gone.
 */
export const readItemValues = (properties: readonly PropertyDefinition[], stored: Record<string, unknown>): Record<string, unknown> => {
  const values: Record<string, unknown> = {};
  for (const property of properties) {
    const type = FIELD_TYPES[property.type];
    if (type.displayOnly) continue;
    values[property.name] = Object.hasOwn(stored, property.id) ? type.fromStored(stored[property.id], property) : type.empty(property);
  }
  return values;
};

/** the values as text for lists and cards, by name */
export const displayValues = (properties: readonly PropertyDefinition[], values: Record<string, unknown>, locale: string): Record<string, string> => {
  const display: Record<string, string> = {};
  for (const property of properties) {
    const type = FIELD_TYPES[property.type];
    if (type.displayOnly) continue;
    display[property.name] = type.format(values[property.name] ?? type.empty(property), property, locale);
  }
  return display;
};

/** an item's title as plain text: its first text property's value (a multiline one's without its markup) */
export const itemTitleOf = (properties: readonly PropertyDefinition[], stored: Record<string, unknown>): string => {
  const title = properties.find((property) => property.type === 'text');
  if (!title) return '';
  const value = readItemValues([title], stored)[title.name];
  if (typeof value !== 'string') return '';
  return title.multiline ? richTextAsText(value) : value;
};
