import { asText, failed, ok, type FieldType } from './field-type';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An email address (the form's input is of type email). */
export const emailField: FieldType<string> = {
  empty: () => '',
  isEmpty: (value) => value === '',
  parse: (raw) => {
    if (raw === null || raw === undefined || raw === '') return ok('');
    if (typeof raw !== 'string') return failed('invalid_type');
    const value = raw.trim();
    if (value.length > 254 || !EMAIL.test(value)) return failed('invalid_email');
    return ok(value);
  },
  fromStored: (raw) => {
    const value = asText(raw).trim();
    return EMAIL.test(value) ? value : '';
  },
  format: (value) => value,
};
