import { DESIGNS_COLLECTION } from '@cn/contracts';
import { collectionName } from '@cn/domain';
import { designsProjection } from './designs.projection';
import type { ProjectionReadSide } from '../core/projection-feature';
import { everyConsoleHears } from '../realtime/change-publisher';

/** the read models and realtime publishers of the feature, apart from its Nest module (a rebuild loads these alone) */
export const designsReadSide: ProjectionReadSide = {
  readModels: [designsProjection],
  // every open console applies the active design: each hears a change (the position only) and reads it again
  publishers: () => [everyConsoleHears(collectionName(designsProjection), DESIGNS_COLLECTION)],
};
