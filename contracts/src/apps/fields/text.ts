import { asText, failed, ok, type FieldType } from './field-type';
import { richTextAsText, richTextValue } from './rich-text-value';

/**
 * Text. Single-line: plain, whitespace collapsed. Multiline: rich text from the composer, sanitised as
 * posts are (an older plain value reads as paragraphs). maxlength counts the readable text, as the input.
 */
export const textField: FieldType<string> = {
  empty: () => '',
  isEmpty: (value) => value.trim() === '',
  parse: (raw, definition) => {
    if (raw === null || raw === undefined) return ok('');
    if (typeof raw !== 'string') return failed('invalid_type');
    const value = definition.multiline ? richTextValue(raw) : raw.replace(/\s+/g, ' ').trim();
    if (definition.maxlength !== null && (definition.multiline ? richTextAsText(value) : value).length > definition.maxlength) return failed('too_long');
    return ok(value);
  },
  fromStored: (raw, definition) => (definition.multiline ? richTextValue(asText(raw)) : asText(raw)),
  format: (value, definition) => {
    const text = definition.multiline ? richTextAsText(value) : value;
    return text === '' ? '' : `${definition.prefix}${text}${definition.postfix}`;
  },
};
