import { asText, failed, isRecord, ok, type FieldType } from './field-type';

const MEMBER_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Members (assignees) by id; one unless multiple. Names are looked up where it is shown. */
export const membershipField: FieldType<string[]> = {
  empty: () => [],
  isEmpty: (value) => value.length === 0,
  parse: (raw, definition) => {
    if (raw === null || raw === undefined || raw === '') return ok([]);
    const list = Array.isArray(raw) ? raw : [raw];
    const ids: string[] = [];
    for (const [index, entry] of list.entries()) {
      const id = isRecord(entry) ? asText(entry.id) : asText(entry);
      if (!MEMBER_ID.test(id)) return failed('invalid_member', Array.isArray(raw) ? String(index) : undefined);
      if (!ids.includes(id)) ids.push(id);
    }
    if (!definition.multiple && ids.length > 1) return failed('not_multiple');
    return ok(ids);
  },
  fromStored: (raw, definition) => {
    const ids = (Array.isArray(raw) ? raw : [raw]).map((entry) => (isRecord(entry) ? asText(entry.id) : asText(entry))).filter((id) => MEMBER_ID.test(id));
    return definition.multiple ? ids : ids.slice(0, 1);
  },
  format: (value) => value.join(', '),
};
