import { eventRegistry } from '@cn/contracts';
import type { ProjectedDocument, Projection } from '@cn/domain';
import type { RecordedEvent } from '@cn/domain';

/**
 * One share per scope, UTC day and bus partition: the network's (`network:<day>:p<partition>`) and each
 * group's (`group:<group_id>:<day>:p<partition>`). Every event counts on the network's day, so with one
 * document per day every partition's replica would write it (conflicts, retries); with a share per partition
 * each replica writes only its own. The reader adds a day's shares up (`statistics.read.ts`): counts are
 * summed, active members united. The embedded log has one partition, so one share per day. Members are
 * counted as joins minus leaves, summed up to a day by the reader. A day's active members are documents of
 * their own (`StatisticsActiveDocument`, written once, on the member's first event of the day), not a list
 * in the share: every event rewrites its share, and a list of the day's active members made each event cost
 * O(active members) (read, revealed, written again whole; 52 KB at 1,345 members).
 */
export interface StatisticsDayDocument extends ProjectedDocument {
  scope: string;
  date: string;
  /** the bus partition whose events this share counts */
  partition: number;
  events: number;
  commands: number;
  /** the last command's correlation id: a command's events are consecutive in the log */
  last_correlation_id: string;
  joined: number;
  left: number;
}

/** a member active on a day in a scope, as one bus partition saw it (the reader unites the partitions) */
export interface StatisticsActiveDocument extends ProjectedDocument {
  /** not `scope`: a share's queries by scope never meet these */
  active_scope: string;
  date: string;
  partition: number;
  member_id: string;
}

export type StatisticsDocument = StatisticsDayDocument | StatisticsActiveDocument;
const isShare = (doc: StatisticsDocument): doc is StatisticsDayDocument => typeof (doc as Partial<StatisticsDayDocument>).scope === 'string';

export const networkScope = 'network';
export const groupScope = (groupId: string): string => `group:${groupId}`;
export const statisticsShareId = (scope: string, date: string, partition: number): string => `${scope}:${date}:p${partition}`;

const SHARE_ID = /^(.+):(\d{4}-\d{2}-\d{2}):p(\d+)$/;
/** what a share's id names, or null for any other id */
export const statisticsShareOf = (id: string): { scope: string; date: string; partition: number } | null => {
  const match = id.startsWith('active:') ? null : SHARE_ID.exec(id);
  return match ? { scope: match[1], date: match[2], partition: Number(match[3]) } : null;
};
const ACTIVE_PREFIX = 'active:';
export const statisticsActiveId = (scope: string, date: string, partition: number, memberId: string): string =>
  `${ACTIVE_PREFIX}${statisticsShareId(scope, date, partition)}:${memberId}`;
const ACTIVE_ID = /^active:(.+):(\d{4}-\d{2}-\d{2}):p(\d+):([^:]+)$/;
/** what an active member's id names, or null for any other id */
export const statisticsActiveOf = (id: string): { scope: string; date: string; partition: number; memberId: string } | null => {
  const match = id.startsWith(ACTIVE_PREFIX) ? ACTIVE_ID.exec(id) : null;
  return match ? { scope: match[1], date: match[2], partition: Number(match[3]), memberId: match[4] } : null;
};

/** the group a scope belongs to, or null for the network's */
export const groupIdOfScope = (scope: string): string | null => (scope.startsWith('group:') ? scope.slice('group:'.length) : null);

const dayOf = (event: RecordedEvent): string => event.metadata.occurredAt.slice(0, 10);
const groupIdOf = (event: RecordedEvent): string | null => {
  const data = event.data as { group_id?: unknown } | null;
  return data && typeof data.group_id === 'string' ? data.group_id : null;
};

/** how an event moves a scope's member count */
const membershipChange = (event: RecordedEvent, scope: string): number => {
  if (scope === networkScope) return event.type === 'MemberRegistered' ? 1 : event.type === 'MemberErased' ? -1 : 0;
  return event.type === 'MemberJoinedGroup' ? 1 : event.type === 'MemberLeftGroup' ? -1 : 0;
};

export const statisticsProjection: Projection<StatisticsDocument> = {
  name: 'statistics_days',
  // 2: one share per partition (`partition`, ids `<scope>:<day>:p<partition>`)
  // 3: active members as documents of their own (`active:<share id>:<member id>`), no list in the share
  version: 3,
  eventTypes: [...eventRegistry.keys()],
  documentIds: (event, context) => {
    const date = dayOf(event);
    const group = groupIdOf(event);
    const partition = context?.partition ?? 0;
    const scopes = group ? [networkScope, groupScope(group)] : [networkScope];
    const author = event.metadata.memberId;
    return [
      ...scopes.map((scope) => statisticsShareId(scope, date, partition)),
      ...(author ? scopes.map((scope) => statisticsActiveId(scope, date, partition, author)) : []),
    ];
  },
  indexes: [
    ['scope', 'date'],
    ['active_scope', 'date'],
  ],
  // counts and ids only: it never looks inside a personal value, so events need not be revealed for it
  revealOnWrite: true,
  evolve(doc, event, id) {
    if (doc && doc._position >= event.position) return doc;
    const active = statisticsActiveOf(id);
    // written once: later events of the member that day leave it as it is (nothing written)
    if (active) return doc ?? { _id: id, _position: 0, active_scope: active.scope, date: active.date, partition: active.partition, member_id: active.memberId };
    const share = statisticsShareOf(id);
    const shareDoc = doc && isShare(doc) ? doc : null;
    if (!share || (doc && !shareDoc)) return doc;
    const { scope, partition } = share;
    const current: StatisticsDayDocument = shareDoc ?? {
      _id: id,
      _position: 0,
      scope,
      date: dayOf(event),
      partition,
      events: 0,
      commands: 0,
      last_correlation_id: '',
      joined: 0,
      left: 0,
    };
    const change = membershipChange(event, scope);
    return {
      ...current,
      events: current.events + 1,
      commands: current.commands + (event.metadata.correlationId === current.last_correlation_id ? 0 : 1),
      last_correlation_id: event.metadata.correlationId,
      joined: current.joined + (change > 0 ? 1 : 0),
      left: current.left + (change < 0 ? 1 : 0),
    };
  },
};
