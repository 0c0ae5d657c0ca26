import { Module } from '@nestjs/common';
import { collectionName } from '@cn/domain';
import type { Infrastructure } from '@cn/platform';
import type { ProjectionFeature } from '../core/projection-feature';
import type { ChangePublisher } from '../realtime/change-publisher';
import { pushToAuditors, ProjectionRebuildRunner } from './projection-rebuild-runner';
import { ProjectionRebuildsController } from './projection-rebuilds.controller';
import { projectionRebuildsProjection } from './projection-rebuilds.projection';

/** A rebuild asked for or ended reaches the auditors' open status pages (progress: the runner pushes it). */
export const projectionRebuildPublishers = (infra: Infrastructure): ChangePublisher[] => [
  {
    collection: collectionName(projectionRebuildsProjection),
    publish: (change, hub) => pushToAuditors(hub, infra, change.id, change.event.position),
  },
];

/** Blue/green rebuilds of the read models from the auditor's console (issue 16). */
@Module({ controllers: [ProjectionRebuildsController], providers: [ProjectionRebuildRunner] })
export class ProjectionRebuildsModule {}

export const projectionRebuildsFeature: ProjectionFeature = {
  module: ProjectionRebuildsModule,
  readModels: [projectionRebuildsProjection],
  publishers: (infra) => projectionRebuildPublishers(infra),
};
