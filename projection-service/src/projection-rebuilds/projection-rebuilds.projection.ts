import { eventOf, projectionRebuildEvents, type ProjectionRebuildState } from '@cn/contracts';
import type { ProjectedDocument, Projection } from '@cn/domain';

/** One document per blue/green rebuild of a read model, as asked for and as it ended. */
export interface ProjectionRebuildDocument extends ProjectedDocument {
  collection: string;
  state: ProjectionRebuildState;
  requested_by: string;
  requested_at: string;
  finished_at: string | null;
  /**
   * where the new version was switched in; while rebuilding, how far a search rebuild has replayed
   * (`ProjectionRebuildProgressed`; a read model's rebuild reports its progress in-process and stays at 0)
   */
  position: number;
  error: string | null;
}

export const projectionRebuildsProjection: Projection<ProjectionRebuildDocument> = {
  name: 'projection_rebuilds',
  version: 1,
  eventTypes: projectionRebuildEvents.map((definition) => definition.type),
  documentIds: (event) => {
    const rebuild = eventOf(projectionRebuildEvents, event);
    return rebuild ? [rebuild.data.rebuild_id] : [];
  },
  evolve(doc, event, id) {
    const rebuild = eventOf(projectionRebuildEvents, event);
    if (!rebuild) return doc;
    switch (rebuild.type) {
      case 'ProjectionRebuildRequested':
        return {
          _id: id,
          collection: rebuild.data.collection,
          state: 'rebuilding',
          requested_by: rebuild.data.requested_by,
          requested_at: event.metadata.occurredAt,
          finished_at: null,
          position: 0,
          error: null,
        };
      case 'ProjectionRebuildProgressed':
        return doc?.state === 'rebuilding' ? { ...doc, position: Math.max(doc.position, rebuild.data.position) } : doc;
      case 'ProjectionRebuildFinished':
        return doc ? { ...doc, state: rebuild.data.outcome, finished_at: event.metadata.occurredAt, position: rebuild.data.position, error: rebuild.data.error } : null;
    }
  },
  indexes: [['requested_at'], ['state']],
};
