import { eventRegistry, isSealedSecret, redactEventData } from '@cn/contracts';
import type { ProjectedDocument, Projection } from '@cn/domain';

/**
 * One entry per event. `data` is kept as it sits in the event store, personal data still encrypted:
 * it is revealed when read, so an erased member's entries show the fallbacks without rewriting anything
 * and no plaintext personal data lingers in the audit read model. Credentials and verifiers are redacted
 * before anything is stored: the audit log shows that a password changed, never the hash.
 */
export interface AuditEntryDocument extends ProjectedDocument {
  position: number;
  stream: string;
  revision: number;
  type: string;
  schema_version: number;
  data: unknown;
  who_id: string | null;
  occurred_at: string;
  correlation_id: string;
  causation_id: string;
}

/** true when `value` holds a sealed credential somewhere (a scan without copying anything) */
const holdsSealedSecret = (value: unknown): boolean => {
  if (typeof value !== 'object' || value === null) return false;
  if (isSealedSecret(value)) return true;
  if (Array.isArray(value)) return value.some(holdsSealedSecret);
  for (const key in value) if (holdsSealedSecret((value as Record<string, unknown>)[key])) return true;
  return false;
};

/**
 * The event's data as the audit may keep it: most events hold no credential and are kept as they are (one
 * entry per event: a copy of every event's data was a good part of a rebuild's time)
 */
const auditableData = (type: string, data: unknown): unknown =>
  eventRegistry.get(type)?.verifiers?.length || holdsSealedSecret(data) ? redactEventData(type, data) : data;

/** what `Date.prototype.toISOString` writes: such a time is kept as it is, not parsed and written again */
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const isoTime = (at: string): string => (ISO_UTC.test(at) ? at : new Date(at).toISOString());

export const auditProjection: Projection<AuditEntryDocument> = {
  name: 'audit_events',
  // 2: kept in a table of its own with the filtered fields in columns; 3: keyed by the position
  version: 3,
  eventTypes: [...eventRegistry.keys()],
  documentIds: (event) => [event.id],
  // the latest first, alone or by type, stream, author or correlation, with keyset paging on the position
  indexes: [['position'], ['type', 'position'], ['stream', 'position'], ['who_id', 'position'], ['correlation_id', 'position']],
  // the log's size: where the store has tables, these are real columns (no JSON taken apart to filter,
  // sort or build the indexes above)
  columns: ['position', 'stream', 'type', 'who_id', 'correlation_id', 'occurred_at'],
  // the table is kept in log order under the position (SQLite's rowid): a replay's inserts are appends,
  // and neither the index on the position nor a copy of it at the end of the others is needed
  rowKey: 'position',
  // one new document per event, completed by the runner in place
  evolvesNew: true,
  // its own document for each event (the event's id): a restart's catch-up inserts them without a lookup
  documentPerEvent: true,
  evolve: (_doc, event, id) => ({
    _id: id,
    _position: event.position,
    position: event.position,
    stream: event.streamId,
    revision: event.revision,
    type: event.type,
    schema_version: event.metadata.schemaVersion,
    data: auditableData(event.type, event.data),
    who_id: event.metadata.memberId,
    occurred_at: isoTime(event.metadata.occurredAt),
    correlation_id: event.metadata.correlationId,
    causation_id: event.metadata.causationId,
  }),
};
