import { eventRegistry, redactEventData } from '@cn/contracts';
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

export const auditProjection: Projection<AuditEntryDocument> = {
  name: 'audit_events',
  version: 1,
  eventTypes: [...eventRegistry.keys()],
  documentIds: (event) => [event.id],
  // the latest first, alone or by type, stream, author or correlation, with keyset paging on the position
  indexes: [['position'], ['type', 'position'], ['stream', 'position'], ['who_id', 'position'], ['correlation_id', 'position']],
  evolve: (_doc, event, id) => ({
    _id: id,
    position: event.position,
    stream: event.streamId,
    revision: event.revision,
    type: event.type,
    schema_version: event.metadata.schemaVersion,
    data: redactEventData(event.type, event.data),
    who_id: event.metadata.memberId,
    occurred_at: new Date(event.metadata.occurredAt).toISOString(),
    correlation_id: event.metadata.correlationId,
    causation_id: event.metadata.causationId,
  }),
};
