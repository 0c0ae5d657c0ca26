import { pagesProjection, pageVersionsProjection } from './pages.projection';
import { pageChangePublishers } from './pages.realtime';
import type { ProjectionReadSide } from '../core/projection-feature';

/** the read models and realtime publishers of the feature, apart from its Nest module (a rebuild loads these alone) */
export const pagesReadSide: ProjectionReadSide = {
  readModels: [pagesProjection, pageVersionsProjection],
  publishers: (infra) => pageChangePublishers(infra.documentStore),
};
