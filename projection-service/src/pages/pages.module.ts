import { Module } from '@nestjs/common';
import type { ProjectionFeature } from '../core/projection-feature';
import { PagesController } from './pages.controller';
import { pagesProjection, pageVersionsProjection } from './pages.projection';
import { pageChangePublishers } from './pages.realtime';

/** Pages (/pages/{slug}): the read model, its routes and its live changes. */
@Module({ controllers: [PagesController] })
export class PagesModule {}

export const pagesFeature: ProjectionFeature = {
  module: PagesModule,
  readModels: [pagesProjection, pageVersionsProjection],
  publishers: (infra) => pageChangePublishers(infra.documentStore),
};
