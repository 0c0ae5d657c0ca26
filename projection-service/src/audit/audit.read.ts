import { DELETED_MEMBER_NAME, redactEventData, upcastEventData, type AuditEventDto, type AuditQuery } from '@cn/contracts';
import { type DocumentStore, type Filter, type FindOptions, type PersonalDataCipher } from '@cn/platform';
import { collectionName } from '@cn/domain';
import { displayNameOf } from '../members/member-dto';
import { membersCollection } from '../members/members.read';
import { auditProjection, type AuditEntryDocument } from './audit.projection';

/** name shown for events without a member (seed, system promotions) */
export const SYSTEM_ACTOR_NAME = 'system';

export const auditCollection = (store: DocumentStore) =>
  store.collection<AuditEntryDocument>(collectionName(auditProjection), { columns: auditProjection.columns, rowKey: auditProjection.rowKey });

export interface AuditFilter {
  stream?: string;
  type?: string;
  member?: string;
  correlation?: string;
  from?: string;
  to?: string;
}

/** times are stored as UTC ISO strings so that they compare as text; unreadable times filter nothing */
const isoOf = (value: string | undefined): string | undefined => {
  if (!value) return undefined;
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? undefined : time.toISOString();
};

export const auditFilterOf = (filter: AuditFilter): Filter[] => {
  const and: Filter[] = [];
  if (filter.stream) and.push({ stream: filter.stream });
  if (filter.type) and.push({ type: filter.type });
  if (filter.member) and.push({ who_id: filter.member });
  if (filter.correlation) and.push({ correlation_id: filter.correlation });
  const from = isoOf(filter.from);
  if (from) and.push({ occurred_at: { $gte: from } });
  const to = isoOf(filter.to);
  if (to) and.push({ occurred_at: { $lte: to } });
  return and;
};

/**
 * What an entry may show: its data in the registered version with credentials redacted, also for entries
 * an older version projected before credentials were kept out of the audit log.
 */
const answerableData = (entry: AuditEntryDocument): { data: unknown; schemaVersion: number } => {
  const upcast = upcastEventData(entry.type, entry.schema_version, entry.data);
  return { data: redactEventData(entry.type, upcast.data), schemaVersion: upcast.schemaVersion };
};

/** Reveals personal data now (fallbacks once erased) and names the actor from the members read model. */
export const toAuditDtos = async (
  entries: readonly AuditEntryDocument[],
  store: DocumentStore,
  cipher: PersonalDataCipher,
): Promise<AuditEventDto[]> => {
  const actorIds = [...new Set(entries.map((e) => e.who_id).filter((id): id is string => id !== null))];
  const actors = new Map((await membersCollection(store).getMany(actorIds)).map((m) => [m._id, displayNameOf(m)]));
  return Promise.all(
    entries.map(async (entry) => {
      const { data, schemaVersion } = answerableData(entry);
      return {
        id: entry._id,
        position: entry.position,
        stream: entry.stream,
        revision: entry.revision,
        type: entry.type,
        schema_version: schemaVersion,
        data: await cipher.reveal(data),
        who: {
          id: entry.who_id,
          name: entry.who_id === null ? SYSTEM_ACTOR_NAME : (actors.get(entry.who_id) ?? DELETED_MEMBER_NAME),
        },
        when: entry.occurred_at,
        correlation_id: entry.correlation_id,
        causation_id: entry.causation_id,
      };
    }),
  );
};

/** the events a member caused or that belong to their own stream: their personal-data export */
export const ownHistoryFilter = (memberId: string, stream: string): Filter => ({ $or: [{ who_id: memberId }, { stream }] });

/** One page of the history matching `where`, oldest first, after the position `after`. */
export const findHistoryPage = async (
  store: DocumentStore,
  where: Filter,
  after: number,
  limit: number,
): Promise<{ entries: AuditEntryDocument[]; next: number | null }> => {
  const found = await auditCollection(store).find({ $and: [where, { position: { $gt: after } }] }, { sort: [['position', 1]], limit: limit + 1 });
  const entries = found.slice(0, limit);
  return { entries, next: found.length > limit ? (entries.at(-1)?.position ?? null) : null };
};

/** One page of the audit API: `after` is a cursor in the chosen order (asc: later, desc: earlier). */
export const findAuditPage = async (
  store: DocumentStore,
  query: AuditQuery,
): Promise<{ entries: AuditEntryDocument[]; next: number | null }> => {
  const and = auditFilterOf(query);
  if (query.after !== undefined) and.push({ position: query.order === 'asc' ? { $gt: query.after } : { $lt: query.after } });
  const options: FindOptions = { sort: [['position', query.order === 'asc' ? 1 : -1]], limit: query.limit + 1 };
  const found = await auditCollection(store).find(and.length ? { $and: and } : {}, options);
  const entries = found.slice(0, query.limit);
  const last = entries.at(-1);
  return { entries, next: found.length > query.limit && last ? last.position : null };
};
