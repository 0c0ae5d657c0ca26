import { collectionName } from '@cn/domain';
import type { Infrastructure } from '@cn/platform';
import type { ChangePublisher } from '../realtime/change-publisher';
import { pushToAuditors } from './projection-rebuild-runner';
import { projectionRebuildsProjection, type ProjectionRebuildDocument } from './projection-rebuilds.projection';
import type { ProjectionReadSide } from '../core/projection-feature';

/**
 * A rebuild asked for, progressed (a search rebuild's progress comes through the log) or ended reaches the
 * auditors' open status pages; a read model's rebuild progress is pushed by the runner in this process.
 */
export const projectionRebuildPublishers = (infra: Infrastructure): ChangePublisher[] => [
  {
    collection: collectionName(projectionRebuildsProjection),
    publish: (change, hub) => {
      const doc = change.doc as ProjectionRebuildDocument | null;
      return doc ? pushToAuditors(hub, infra, change.id, { state: doc.state, position: doc.position }) : Promise.resolve();
    },
  },
];

/** the read models and realtime publishers of the feature, apart from its Nest module (a rebuild loads these alone) */
export const projectionRebuildsReadSide: ProjectionReadSide = {
  readModels: [projectionRebuildsProjection],
  publishers: (infra) => projectionRebuildPublishers(infra),
};
