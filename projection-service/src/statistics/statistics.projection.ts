import { eventRegistry } from '@cn/contracts';
import type { ProjectedDocument, Projection } from '@cn/domain';
import type { RecordedEvent } from '@cn/domain';

/**
 * One document per scope and UTC day: the network's (`network:<day>`) and each group's
 * (`group:<group_id>:<day>`). Members are counted as joins minus leaves, summed up to a day by the reader.
 */
export interface StatisticsDayDocument extends ProjectedDocument {
  scope: string;
  date: string;
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
export const statisticsDayId = (scope: string, date: string): string => `${scope}:${date}`;

const dayOf = (event: RecordedEvent): string => event.metadata.occurredAt.slice(0, 10);
const groupIdOf = (event: RecordedEvent): string | null => {
  const data = event.data as { group_id?: unknown } | null;
  return data && typeof data.group_id === 'string' ? data.group_id : null;
};
const scopeOf = (id: string): string => id.slice(0, id.lastIndexOf(':'));

/** how an event moves a scope's member count */
const membershipChange = (event: RecordedEvent, scope: string): number => {
  if (scope === networkScope) return event.type === 'MemberRegistered' ? 1 : event.type === 'MemberErased' ? -1 : 0;
  return event.type === 'MemberJoinedGroup' ? 1 : event.type === 'MemberLeftGroup' ? -1 : 0;
};

export const statisticsProjection: Projection<StatisticsDayDocument> = {
  name: 'statistics_days',
  version: 1,
  eventTypes: [...eventRegistry.keys()],
  documentIds: (event) => {
    const date = dayOf(event);
    const group = groupIdOf(event);
    return [statisticsDayId(networkScope, date), ...(group ? [statisticsDayId(groupScope(group), date)] : [])];
  },
  indexes: [['scope', 'date']],
  // counts and ids only: it never looks inside a personal value, so events need not be revealed for it
  revealOnWrite: true,
  evolve(doc, event, id) {
    if (doc && doc._position >= event.position) return doc;
    const scope = scopeOf(id);
    const current: StatisticsDayDocument = doc ?? { _id: id, _position: 0, scope, date: dayOf(event), events: 0, commands: 0, last_correlation_id: '', active_member_ids: [], joined: 0, left: 0 };
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
