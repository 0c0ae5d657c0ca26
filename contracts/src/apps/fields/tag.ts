import { asText, failed, isRecord, ok, type FieldType } from './field-type';

export interface TagValue {
  /** '' for a tag the member created with this value */
  id: string;
  name: string;
}

const tagOf = (raw: unknown): TagValue | null => {
  if (typeof raw === 'string') return raw.trim() === '' ? null : { id: '', name: raw.trim() };
  if (!isRecord(raw)) return null;
  const name = asText(raw.name ?? raw.displayValue).trim();
  return name === '' ? null : { id: asText(raw.id), name };
};

/** Tags: existing ones by id and name; new ones (id '') only where the property allows creating. */
export const tagField: FieldType<TagValue[]> = {
  empty: () => [],
  isEmpty: (value) => value.length === 0,
  parse: (raw, definition) => {
    if (raw === null || raw === undefined) return ok([]);
    if (!Array.isArray(raw)) return failed('invalid_type');
    const tags: TagValue[] = [];
    for (const [index, entry] of raw.entries()) {
      const tag = tagOf(entry);
      if (!tag) return failed('invalid_tag', String(index));
      if (tag.name.length > 60) return failed('too_long', String(index));
      if (tag.id === '' && !definition.allow_create) return failed('tag_creation_not_allowed', String(index));
      if (!tags.some((known) => known.name.toLowerCase() === tag.name.toLowerCase())) tags.push(tag);
    }
    if (!definition.multiple && tags.length > 1) return failed('not_multiple');
    return ok(tags);
  },
  fromStored: (raw) => (Array.isArray(raw) ? raw : [raw]).map(tagOf).filter((tag): tag is TagValue => tag !== null),
  format: (value) => value.map((tag) => tag.name).join(', '),
};
