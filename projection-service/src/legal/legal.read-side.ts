import { imprintProjection, legalAcceptancesProjection, legalTextsProjection } from './legal.projection';
import { legalChangePublishers } from './legal.realtime';
import type { ProjectionReadSide } from '../core/projection-feature';

/** the read models and realtime publishers of the feature, apart from its Nest module (a rebuild loads these alone) */
export const legalReadSide: ProjectionReadSide = {
  readModels: [imprintProjection, legalTextsProjection, legalAcceptancesProjection],
  publishers: () => legalChangePublishers(),
};
