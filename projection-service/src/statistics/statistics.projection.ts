import { eventRegistry } from '@cn/contracts';
import type { ProjectedDocument, Projection } from '@cn/domain';
import type { RecordedEvent } from '@cn/domain';

/**
 * One share per scope, UTC day and bus partition: the network's (`network:<day>:p<partition>`) and each
 * group's (`group:<group_id>:<day>:p<partition>`). Every event counts on the network's day, so with one
 * document per day every partition's replica would write it (conflicts, retries); with a share per partition
 * each replica writes only its own. The reader adds a day's shares up (`statistics.read.ts`): counts are
 * summed, active members united. The embedded log has one partition, so one share per day. Members are
 * counted as joins minus leaves, summed up to a day by the reader.
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
  active_member_ids: string[];
  joined: number;
  left: number;
}

export const networkScope = 'network';
export const groupScope = (groupId: string): string => `group:${groupId}`;
export const statisticsShareId = (scope: string, date: string, partition: number): string => `${scope}:${date}:p${partition}`;

const SHARE_ID = /^(.+):(\d{4}-\d{2}-\d{2}):p(\d+)$/;
/** what a share's id names, or null for any other id */
export const statisticsShareOf = (id: string): { scope: string; date: string; partition: number } | null => {
  const match = SHARE_ID.exec(id);
  return match ? { scope: match[1], date: match[2], partition: Number(match[3]) } : null;
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

export const statisticsProjection: Projection<StatisticsDayDocument> = {
  name: 'statistics_days',
  // 2: one share per partition (`partition`, ids `<scope>:<day>:p<partition>`)
  version: 2,
  eventTypes: [...eventRegistry.keys()],
  documentIds: (event, context) => {
    const date = dayOf(event);
    const group = groupIdOf(event);
    const partition = context?.partition ?? 0;
    return [statisticsShareId(networkScope, date, partition), ...(group ? [statisticsShareId(groupScope(group), date, partition)] : [])];
  },
  indexes: [['scope', 'date']],
  // counts and ids only: it never looks inside a personal value, so events need not be revealed for it
  revealOnWrite: true,
  evolve(doc, event, id) {
    if (doc && doc._position >= event.position) return doc;
    const share = statisticsShareOf(id);
    if (!share) return doc;
    const { scope, partition } = share;
    const current: StatisticsDayDocument = doc ?? {
      _id: id,
      _position: 0,
      scope,
      date: dayOf(event),
      partition,
      events: 0,
      commands: 0,
      last_correlation_id: '',
      active_member_ids: [],
      joined: 0,
      left: 0,
    };
    const author = event.metadata.memberId;
    const change = membershipChange(event, scope);
    return {
      ...current,
      events: current.events + 1,
      commands: current.commands + (event.metadata.correlationId === current.last_correlation_id ? 0 : 1),
      last_correlation_id: event.metadata.correlationId,
      active_member_ids: author && !current.active_member_ids.includes(author) ? [...current.active_member_ids, author] : current.active_member_ids,
      joined: current.joined + (change > 0 ? 1 : 0),
      left: current.left + (change < 0 ? 1 : 0),
    };
  },
};
