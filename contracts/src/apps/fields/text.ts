import { asText, failed, ok, type FieldType } from './field-type';

/** Plain text (multiline in a composer); maxlength is honoured on the server as in the input. */
export const textField: FieldType<string> = {
  empty: () => '',
  isEmpty: (value) => value.trim() === '',
  parse: (raw, definition) => {
    if (raw === null || raw === undefined) return ok('');
    if (typeof raw !== 'string') return failed('invalid_type');
    const value = definition.multiline ? raw.trim() : raw.replace(/\s+/g, ' ').trim();
    if (definition.maxlength !== null && value.length > definition.maxlength) return failed('too_long');
    return ok(value);
  },
  fromStored: (raw) => asText(raw),
  format: (value, definition) => (value === '' ? '' : `${definition.prefix}${value}${definition.postfix}`),
};
