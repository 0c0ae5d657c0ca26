import { BACKUP_CODE_COUNT, eventOf, memberEvents, REMOVED_FACTORS_KEPT, TWO_FACTOR_READ_MODEL, twoFactorEvents, type TwoFactorType } from '@cn/contracts';
import type { ProjectedDocument, Projection } from '@cn/domain';

/** A member's factors as their console lists them: no secret, no backup code, only what and when. */
export interface FactorEntry {
  id: string;
  type: TwoFactorType;
  created_at: string;
  last_used_at: string | null;
  backup_codes_left: number;
}
/** a factor deleted by the member or reset by an administrator: which, when, by whom (member id of the event) */
export interface RemovedFactorEntry {
  id: string;
  type: TwoFactorType;
  created_at: string;
  removed_at: string;
  removed_by: 'member' | 'administrator';
  removed_by_member_id: string | null;
}
/** `removed`: newest first, at most REMOVED_FACTORS_KEPT (older documents have none) */
export type TwoFactorDocument = ProjectedDocument & { factors: FactorEntry[]; removed?: RemovedFactorEntry[] };

const change = (doc: TwoFactorDocument | null, factorId: string, update: (factor: FactorEntry) => FactorEntry): TwoFactorDocument | null =>
  doc ? { ...doc, factors: doc.factors.map((factor) => (factor.id === factorId ? update(factor) : factor)) } : null;

/** one document per member (id = member id) */
export const twoFactorProjection: Projection<TwoFactorDocument> = {
  // the search side's member guard reads it too
  ...TWO_FACTOR_READ_MODEL,
  eventTypes: ['TwoFactorFactorAdded', 'TwoFactorFactorRemoved', 'TwoFactorBackupCodesReset', 'TwoFactorCodeUsed', 'MemberErased'],
  documentIds: (event) => [(event.data as { member_id: string }).member_id],
  evolve: (doc, recorded, id) => {
    if (eventOf(memberEvents, recorded)?.type === 'MemberErased') return null;
    const event = eventOf(twoFactorEvents, recorded);
    const at = recorded.metadata.occurredAt;
    switch (event?.type) {
      case 'TwoFactorFactorAdded':
        return {
          _id: id,
          removed: doc?.removed ?? [],
          factors: [
            ...(doc?.factors ?? []).filter((factor) => factor.id !== event.data.factor_id),
            { id: event.data.factor_id, type: event.data.type, created_at: at, last_used_at: null, backup_codes_left: BACKUP_CODE_COUNT },
          ],
        };
      case 'TwoFactorFactorRemoved': {
        if (!doc) return null;
        const factor = doc.factors.find((entry) => entry.id === event.data.factor_id);
        // replayed: the factor is gone already and its removal recorded
        if (!factor) return doc;
        const removed: RemovedFactorEntry = {
          id: factor.id,
          type: factor.type,
          created_at: factor.created_at,
          removed_at: at,
          removed_by: event.data.removed_by,
          removed_by_member_id: recorded.metadata.memberId,
        };
        return {
          ...doc,
          factors: doc.factors.filter((entry) => entry.id !== factor.id),
          removed: [removed, ...(doc.removed ?? [])].slice(0, REMOVED_FACTORS_KEPT),
        };
      }
      case 'TwoFactorBackupCodesReset':
        return change(doc, event.data.factor_id, (factor) => ({ ...factor, backup_codes_left: BACKUP_CODE_COUNT }));
      case 'TwoFactorCodeUsed':
        return change(doc, event.data.factor_id, (factor) => ({
          ...factor,
          last_used_at: at,
          backup_codes_left: event.data.method === 'backup' ? Math.max(0, factor.backup_codes_left - 1) : factor.backup_codes_left,
        }));
      default:
        return doc;
    }
  },
};
