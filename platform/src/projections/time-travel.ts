import { type EventStore, readEvent } from '@cn/platform/event-store';
import type { PersonalDataCipher } from '@cn/platform/personal-data';
import type { ProjectedDocument, Projection } from './projection';

const CHUNK = 1000;

/**
 * A read model as it stood at a position of the history: the projection replayed from the first event up
 * to and including `until`, in memory (a scratch space: nothing is written, the live read model keeps
 * serving). `only` keeps just those documents, so looking at one entity holds one document. Personal data
 * is revealed as the live projector reveals it, with today's keys: an erased member stays erased in the past.
 */
export const projectAsOf = async (
  projection: Projection,
  eventStore: EventStore,
  cipher: PersonalDataCipher,
  until: number,
  only?: ReadonlySet<string>,
): Promise<Map<string, ProjectedDocument>> => {
  const documents = new Map<string, ProjectedDocument>();
  const types = new Set(projection.eventTypes);
  for (let after = 0; after < until; ) {
    const batch = await eventStore.readAll({ after, limit: CHUNK });
    if (batch.length === 0) break;
    for (const delivered of batch) {
      if (delivered.position > until) return documents;
      if (!types.has(delivered.type)) continue;
      const event = readEvent(delivered);
      const ids = projection.documentIds(event).filter((id) => only === undefined || only.has(id));
      if (ids.length === 0) continue;
      const revealed = await cipher.reveal(event);
      for (const id of ids) {
        const next = projection.evolve(documents.get(id) ?? null, revealed, id);
        if (next === null) documents.delete(id);
        else documents.set(id, { ...next, _id: id, _position: event.position });
      }
    }
    after = batch[batch.length - 1].position;
    // a long replay lets requests in between chunks
    await new Promise((resolve) => setImmediate(resolve));
  }
  return documents;
};
