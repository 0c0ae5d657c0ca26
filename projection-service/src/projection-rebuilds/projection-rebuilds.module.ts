import { Module } from '@nestjs/common';
import type { ProjectionFeature } from '../core/projection-feature';
import { ProjectionRebuildRunner } from './projection-rebuild-runner';
import { ProjectionRebuildsController } from './projection-rebuilds.controller';
import { SearchIndexSwitchesController } from './search-index-switches.controller';
import { projectionRebuildsReadSide } from './projection-rebuilds.read-side';

/** Blue/green rebuilds of the read models from the auditor's console (issue 16). */
@Module({ controllers: [ProjectionRebuildsController, SearchIndexSwitchesController], providers: [ProjectionRebuildRunner] })
export class ProjectionRebuildsModule {}

export const projectionRebuildsFeature: ProjectionFeature = { module: ProjectionRebuildsModule, ...projectionRebuildsReadSide };
