import type { PropertyDefinition } from '../properties';
import { failed, ok, type FieldType } from './field-type';

/** a number rounded to the property's precision (the form does it on blur, the server on every write) */
export const roundToPrecision = (value: number, precision: number | null): number => {
  if (precision === null) return value;
  const factor = 10 ** precision;
  const rounded = Math.round(Math.abs(value) * factor + Number.EPSILON * factor) / factor;
  return Math.sign(value) * rounded === 0 ? 0 : Math.sign(value) * rounded;
};

/** a finite number, -0 as 0 (JSON stores it as 0, and no one means minus zero) */
const numberOf = (raw: unknown): number | null => {
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw.trim().replace(',', '.')) : NaN;
  if (!Number.isFinite(value)) return null;
  return value === 0 ? 0 : value;
};

const formatter = (definition: PropertyDefinition, locale: string) =>
  new Intl.NumberFormat(locale, definition.precision === null ? {} : { minimumFractionDigits: definition.precision, maximumFractionDigits: definition.precision });

/** A number with precision, min and max; prefix and postfix frame its display. */
export const numberField: FieldType<number | null> = {
  empty: () => null,
  isEmpty: (value) => value === null,
  parse: (raw, definition) => {
    if (raw === null || raw === undefined || raw === '') return ok(null);
    const parsed = numberOf(raw);
    if (parsed === null) return failed('not_a_number');
    const value = roundToPrecision(parsed, definition.precision);
    if (definition.min !== null && value < definition.min) return failed('too_small');
    if (definition.max !== null && value > definition.max) return failed('too_big');
    return ok(value);
  },
  fromStored: (raw, definition) => {
    const value = numberOf(raw);
    return value === null ? null : roundToPrecision(value, definition.precision);
  },
  format: (value, definition, locale) => (value === null ? '' : `${definition.prefix}${formatter(definition, locale).format(value)}${definition.postfix}`),
};
