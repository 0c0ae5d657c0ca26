import { randomUUID } from 'node:crypto';
import { eventRegistry, memberStream, networkStream, DEFAULT_NETWORK_ID } from '@cn/contracts';
import type { ProjectedDocument, Projection } from '@cn/domain';
import type { RecordedEvent } from '@cn/domain';

let position = 0;

/** A recorded event as the runner hands it to evolve (personal data revealed). */
export const recorded = (
  type: string,
  data: Record<string, unknown>,
  options: { memberId?: string | null; streamId?: string; at?: string } = {},
): RecordedEvent => {
  position += 1;
  const memberId = typeof data.member_id === 'string' ? data.member_id : null;
  return {
    id: randomUUID(),
    type,
    data,
    metadata: {
      memberId: options.memberId === undefined ? memberId : options.memberId,
      occurredAt: options.at ?? new Date(Date.UTC(2026, 0, 1, 0, 0, position)).toISOString(),
      correlationId: `corr-${position}`,
      causationId: `req-${position}`,
      schemaVersion: eventRegistry.get(type)?.version ?? 1,
    },
    streamId: options.streamId ?? (memberId ? memberStream(memberId) : networkStream(DEFAULT_NETWORK_ID)),
    revision: 0,
    position,
    recordedAt: new Date().toISOString(),
  };
};

/** Applies events to one document the way the runner does: skip what the document already has. */
export const project = <D extends ProjectedDocument>(
  projection: Projection<D>,
  events: readonly RecordedEvent[],
  id: string,
  start: D | null = null,
): D | null => applyEach(projection, events, id, start, { skipApplied: true, times: 1 });

/**
 * Applies every event to evolve itself twice in a row, without the runner's position check: a projection
 * whose evolve is not idempotent (counts an event twice, appends it twice) ends up different from `project`.
 */
export const projectEachTwice = <D extends ProjectedDocument>(
  projection: Projection<D>,
  events: readonly RecordedEvent[],
  id: string,
  start: D | null = null,
): D | null => applyEach(projection, events, id, start, { skipApplied: false, times: 2 });

const applyEach = <D extends ProjectedDocument>(
  projection: Projection<D>,
  events: readonly RecordedEvent[],
  id: string,
  start: D | null,
  how: { skipApplied: boolean; times: number },
): D | null =>
  events.reduce<D | null>((doc, event) => {
    if (!projection.eventTypes.includes(event.type) || !projection.documentIds(event).includes(id)) return doc;
    if (how.skipApplied && doc && doc._position >= event.position) return doc;
    let current = doc;
    for (let time = 0; time < how.times; time += 1) {
      const next = projection.evolve(current, event, id);
      current = next === null ? null : ({ ...next, _id: id, _position: event.position } as D);
    }
    return current;
  }, start);
