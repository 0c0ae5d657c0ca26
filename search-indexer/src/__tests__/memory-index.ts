import { randomUUID } from 'node:crypto';
import { eventRegistry, type GroupAccess, type GroupDetails } from '@cn/contracts';
import type { RecordedEvent } from '@cn/domain';
import type { PersonalDataCipher, SearchCollection, SearchDocument, SearchQuery } from '@cn/platform';
import type { Indexing } from '../core/search-feature';

/** an index in memory: equality filters (arrays match any element, a list of wanted values any of them), limit and offset */
export const memoryIndex = <T extends SearchDocument>() => {
  const docs = new Map<string, T>();
  const collection: SearchCollection<T> = {
    upsert: (items) => Promise.resolve(items.forEach((doc) => docs.set(doc.id, structuredClone(doc)))),
    delete: (ids) => Promise.resolve(ids.forEach((id) => docs.delete(id))),
    // as the embedded index: the fields set on documents it holds, an id it does not hold skipped
    merge: (items) => Promise.resolve(items.forEach((fields) => docs.has(fields.id) && docs.set(fields.id, structuredClone({ ...(docs.get(fields.id) as T), ...fields })))),
    clear: () => Promise.resolve(docs.clear()),
    get: (id) => Promise.resolve(docs.has(id) ? structuredClone(docs.get(id) as T) : null),
    search: (query: SearchQuery) => {
      const hits = [...docs.values()].filter((doc) =>
        Object.entries(query.filter ?? {}).every(([field, wanted]) => {
          const accepted: unknown[] = Array.isArray(wanted) ? wanted : [wanted];
          const value = doc[field];
          const values: unknown[] = Array.isArray(value) ? value : [value];
          return values.some((item) => accepted.includes(item));
        }),
      );
      const offset = query.offset ?? 0;
      return Promise.resolve({ hits: hits.slice(offset, offset + (query.limit ?? 20)), total: hits.length });
    },
  };
  return { docs, collection };
};

/** a group's whole settings as `GroupDetailsChanged` carries them (the log checks its schema on every read) */
export const groupDetails = (name: string, access: GroupAccess, externally_visible: boolean): GroupDetails => ({
  name,
  teaser: '',
  description: '',
  group_category_id: null,
  access,
  moderated_join: false,
  members_can_invite: false,
  externally_visible,
  sensitive: false,
  active_main_group: false,
  chat: 'disabled',
});

let position = 0;
/** an event as the log records it */
export const recordedEvent = (type: string, data: Record<string, unknown>, memberId: string | null = null, occurredAt = new Date(0).toISOString()): RecordedEvent => ({
  id: randomUUID(),
  type,
  data,
  metadata: { memberId, occurredAt, correlationId: 'c', causationId: 'r', schemaVersion: eventRegistry.get(type)?.version ?? 1 },
  streamId: 'test',
  revision: 0,
  position: ++position,
  recordedAt: occurredAt,
});

/** applies the events an indexing follows, in order */
export const applyAll = async (indexing: Indexing, events: readonly RecordedEvent[]): Promise<void> => {
  for (const event of events) if (indexing.eventTypes.includes(event.type)) await indexing.handle(event);
};

/**
 * A cipher for unit specs: `{ $pii: 'plain:<text>', subject }` reveals as the text while the subject's key
 * exists; `erase(subject)` destroys it (the text then reveals as '').
 */
export const fakeCipher = () => {
  const erased = new Set<string>();
  const revealValue = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(revealValue);
    if (value !== null && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      if (typeof record.$pii === 'string' && typeof record.subject === 'string') return erased.has(record.subject) ? '' : record.$pii.replace(/^plain:/, '');
      return Object.fromEntries(Object.entries(record).map(([key, item]) => [key, revealValue(item)]));
    }
    return value;
  };
  const cipher = {
    encrypt: (subject: string, value: unknown) => Promise.resolve({ $pii: `plain:${String(value)}`, subject }),
    reveal: <T>(data: T) => Promise.resolve(revealValue(data) as T),
    sealSecret: () => Promise.reject(new Error('not used')),
    unsealSecret: () => Promise.resolve(null),
  } as unknown as PersonalDataCipher;
  return { cipher, erase: (subject: string) => erased.add(subject), pii: (subject: string, text: string) => ({ $pii: `plain:${text}`, subject }) };
};
