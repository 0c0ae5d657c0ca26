import { asText, failed, isRecord, ok, type FieldType } from './field-type';

export interface RelationValue {
  id: string;
  /** the related item's app (several with polymorphic related_apps) */
  app: string;
  displayValue: string;
}

const relationOf = (raw: unknown, fallbackApp: string): RelationValue | null => {
  if (!isRecord(raw)) return null;
  const id = asText(raw.id);
  if (id === '') return null;
  return { id, app: asText(raw.app) || fallbackApp, displayValue: asText(raw.displayValue ?? raw.name) };
};

/** Items of related apps; only those apps, one unless multiple. */
export const relationField: FieldType<RelationValue[]> = {
  empty: () => [],
  isEmpty: (value) => value.length === 0,
  parse: (raw, definition) => {
    if (raw === null || raw === undefined) return ok([]);
    const list = Array.isArray(raw) ? raw : [raw];
    const relations: RelationValue[] = [];
    for (const [index, entry] of list.entries()) {
      const relation = relationOf(entry, definition.related_apps[0] ?? '');
      if (!relation) return failed('invalid_relation', Array.isArray(raw) ? String(index) : undefined);
      if (!definition.related_apps.includes(relation.app)) return failed('unrelated_app', Array.isArray(raw) ? String(index) : undefined);
      relations.push(relation);
    }
    if (!definition.multiple && relations.length > 1) return failed('not_multiple');
    return ok(relations);
  },
  fromStored: (raw, definition) =>
    (Array.isArray(raw) ? raw : [raw]).map((entry) => relationOf(entry, definition.related_apps[0] ?? '')).filter((entry): entry is RelationValue => entry !== null),
  format: (value) => value.map((relation) => relation.displayValue || relation.id).join(', '),
};
