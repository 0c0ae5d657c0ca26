import { isDeepStrictEqual } from 'node:util';
import { eventRegistry } from '@cn/contracts';
import type { DocumentStore, EventStore } from '@cn/platform';
import { auditCollection } from './audit.read';
import { auditProjection, type AuditEntryDocument } from './audit.projection';

const CHUNK = 1000;

export type AuditMismatchKind = 'missing' | 'altered' | 'extra';

export interface AuditCheck {
  /** events compared with their audit rows */
  checked: number;
  /** the first position where the audit read model does not show the log as it is; null when it does */
  firstMismatch: { position: number; kind: AuditMismatchKind } | null;
}

/** the audit row of an event holds what the audit projection makes of it (its bookkeeping aside) */
const matches = (entry: AuditEntryDocument, event: Awaited<ReturnType<EventStore['readAll']>>[number]): boolean => {
  const { _position: _ignored, ...stored } = entry;
  const { _position: _alsoIgnored, ...expected } = auditProjection.evolve(null, event, event.id) as AuditEntryDocument;
  return isDeepStrictEqual(stored, expected);
};

/**
 * Compares the audit read model with the log up to `until` (where the audit projector stands), chunk by
 * chunk: a row missing for an event, a row that differs from its event, or a row without an event is
 * reported at its position rather than shown as history.
 */
export const checkAuditReadModel = async (
  eventStore: EventStore,
  store: DocumentStore,
  until: number,
  onProgress?: (checked: number) => void,
): Promise<AuditCheck> => {
  const rows = auditCollection(store);
  let checked = 0;
  for (let after = 0; after < until; ) {
    const read = (await eventStore.readAll({ after, limit: CHUNK })).filter((event) => event.position <= until);
    const upTo = read.at(-1)?.position ?? until;
    // what the audit does not record (the chaining process's seals on EventStoreDB) is not expected there
    const events = read.filter((event) => eventRegistry.has(event.type));
    const entries = await rows.find({ $and: [{ position: { $gt: after } }, { position: { $lte: upTo } }] }, { sort: [['position', 1]] });
    const byPosition = new Map(entries.map((entry) => [entry.position, entry]));
    for (const event of events) {
      const entry = byPosition.get(event.position);
      if (!entry) return { checked, firstMismatch: { position: event.position, kind: 'missing' } };
      if (!matches(entry, event)) return { checked, firstMismatch: { position: event.position, kind: 'altered' } };
      byPosition.delete(event.position);
      checked += 1;
    }
    const extra = [...byPosition.keys()].sort((a, b) => a - b)[0];
    if (extra !== undefined) return { checked, firstMismatch: { position: extra, kind: 'extra' } };
    onProgress?.(checked);
    if (read.length === 0) break;
    after = upTo;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { checked, firstMismatch: null };
};
