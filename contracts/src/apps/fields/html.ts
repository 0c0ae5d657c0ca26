import { asText, failed, ok, type FieldType } from './field-type';
import { richTextAsText, richTextValue } from './rich-text-value';

/** Rich text as HTML, sanitised as posts are; shown as text in lists (the tags removed), the maxlength counts the text. */
export const htmlField: FieldType<string> = {
  empty: () => '',
  isEmpty: (value) => richTextAsText(value) === '',
  parse: (raw, definition) => {
    if (raw === null || raw === undefined) return ok('');
    if (typeof raw !== 'string') return failed('invalid_type');
    const value = richTextValue(raw);
    if (definition.maxlength !== null && richTextAsText(value).length > definition.maxlength) return failed('too_long');
    return ok(value);
  },
  // what an older rule let through (a blocklist once) is sanitised again on the way out
  fromStored: (raw) => richTextValue(asText(raw)),
  format: (value) => richTextAsText(value),
};
