import type { AuditEventDto } from '@cn/contracts';

/** fields every event of an entity repeats or that only describe the event, not the entity's state */
const NOT_STATE = new Set(['changed_fields']);

export interface FieldChange {
  /** dotted path into the event's data (`basic.name`) */
  field: string;
  /** the value before, as text; null when the field was not set before */
  before: string | null;
  after: string;
}

export interface HistoryStep {
  event: AuditEventDto;
  changes: FieldChange[];
}

const shown = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/** the event's data as dotted paths to values (arrays and scalars are leaves) */
export const flatten = (data: unknown, prefix = ''): Map<string, unknown> => {
  const fields = new Map<string, unknown>();
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    if (prefix !== '') fields.set(prefix, data);
    return fields;
  }
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    if (prefix === '' && NOT_STATE.has(key)) continue;
    const path = prefix === '' ? key : `${prefix}.${key}`;
    if (typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length > 0) {
      for (const [inner, innerValue] of flatten(value, path)) fields.set(inner, innerValue);
    } else {
      fields.set(path, value);
    }
  }
  return fields;
};

/**
 * An entity's history as steps: each event with the fields it changed against the state the events before
 * it left (each event's data laid over the last), oldest first. Fields an event repeats unchanged are not
 * changes; the first event sets every field it carries.
 */
export const historySteps = (events: readonly AuditEventDto[]): HistoryStep[] => {
  const state = new Map<string, string>();
  return [...events]
    .sort((a, b) => a.position - b.position)
    .map((event) => {
      const changes: FieldChange[] = [];
      for (const [field, value] of flatten(event.data)) {
        const after = shown(value);
        const before = state.get(field) ?? null;
        if (before === after) continue;
        changes.push({ field, before, after });
        state.set(field, after);
      }
      return { event, changes };
    });
};
