import { GERMAN_STATES, GERMANY } from '../properties';
import { asText, isRecord, ok, type FieldType, type ValueError } from './field-type';

export const ADDRESS_PARTS = ['name', 'street', 'number', 'zip', 'city', 'state', 'country'] as const;
export type AddressValue = Record<(typeof ADDRESS_PARTS)[number], string>;

const emptyAddress = (country: string): AddressValue => ({ name: '', street: '', number: '', zip: '', city: '', state: '', country });

/** An address; a forced country fixes it, and Deutschland makes the state one of the 16 federal states. */
export const addressField: FieldType<AddressValue | null> = {
  empty: () => null,
  isEmpty: (value) => value === null || ADDRESS_PARTS.every((part) => part === 'country' || value[part].trim() === ''),
  parse: (raw, definition) => {
    if (raw === null || raw === undefined) return ok(null);
    if (!isRecord(raw)) return { ok: false, errors: [{ key: 'invalid_type' }] };
    const errors: ValueError[] = [];
    const value = emptyAddress(definition.country);
    for (const part of ADDRESS_PARTS) {
      const text = raw[part];
      if (text !== undefined && text !== null && typeof text !== 'string') errors.push({ key: 'invalid_type', path: part });
      else value[part] = (text ?? '').trim();
      if (value[part].length > 120) errors.push({ key: 'too_long', path: part });
    }
    if (definition.country !== '') value.country = definition.country;
    if (value.country === GERMANY && value.state !== '' && !(GERMAN_STATES as readonly string[]).includes(value.state)) errors.push({ key: 'unknown_state', path: 'state' });
    if (value.country === GERMANY && value.zip !== '' && !/^\d{5}$/.test(value.zip)) errors.push({ key: 'invalid_zip', path: 'zip' });
    if (errors.length > 0) return { ok: false, errors };
    return ok(addressField.isEmpty(value) ? null : value);
  },
  fromStored: (raw, definition) => {
    if (!isRecord(raw)) return typeof raw === 'string' && raw.trim() !== '' ? { ...emptyAddress(definition.country), street: raw.trim() } : null;
    const value = emptyAddress(definition.country);
    for (const part of ADDRESS_PARTS) value[part] = asText(raw[part]);
    if (definition.country !== '') value.country = definition.country;
    return value;
  },
  format: (value, definition) => {
    if (value === null) return '';
    const lines = [
      definition.with_name ? value.name : '',
      [value.street, value.number].filter(Boolean).join(' '),
      [value.zip, value.city].filter(Boolean).join(' '),
      [value.state, value.country].filter(Boolean).join(', '),
    ];
    return lines.filter((line) => line !== '').join(', ');
  },
};
