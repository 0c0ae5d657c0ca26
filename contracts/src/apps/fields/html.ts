import { asText, failed, ok, type FieldType } from './field-type';

const TAGS = /<[^>]*>/g;

/** Rich text as HTML; shown as text in lists (the tags removed), the maxlength counts the text. */
export const htmlField: FieldType<string> = {
  empty: () => '',
  isEmpty: (value) => value.replace(TAGS, '').trim() === '',
  parse: (raw, definition) => {
    if (raw === null || raw === undefined) return ok('');
    if (typeof raw !== 'string') return failed('invalid_type');
    if (/<\s*script/i.test(raw) || /\son\w+\s*=/i.test(raw)) return failed('unsafe_html');
    if (definition.maxlength !== null && raw.replace(TAGS, '').length > definition.maxlength) return failed('too_long');
    return ok(raw.trim());
  },
  fromStored: (raw) => asText(raw),
  format: (value) => value.replace(TAGS, ' ').replace(/\s+/g, ' ').trim(),
};
