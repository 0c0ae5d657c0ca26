import { Module } from '@nestjs/common';
import { collectionName } from '@cn/domain';
import type { Infrastructure } from '@cn/platform';
import type { ProjectionFeature } from '../core/projection-feature';
import type { ChangePublisher } from '../realtime/change-publisher';
import { pushToAuditors, ProjectionRebuildRunner } from './projection-rebuild-runner';
import { ProjectionRebuildsController } from './projection-rebuilds.controller';
import { SearchIndexSwitchesController } from './search-index-switches.controller';
import { projectionRebuildsProjection, type ProjectionRebuildDocument } from './projection-rebuilds.projection';

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

/** Blue/green rebuilds of the read models from the auditor's console (issue 16). */
@Module({ controllers: [ProjectionRebuildsController, SearchIndexSwitchesController], providers: [ProjectionRebuildRunner] })
export class ProjectionRebuildsModule {}

export const projectionRebuildsFeature: ProjectionFeature = {
  module: ProjectionRebuildsModule,
  readModels: [projectionRebuildsProjection],
  publishers: (infra) => projectionRebuildPublishers(infra),
};
