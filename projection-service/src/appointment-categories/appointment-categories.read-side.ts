import { appointmentCategoriesProjection } from './appointment-categories.projection';
import type { ProjectionReadSide } from '../core/projection-feature';

/** the read models and realtime publishers of the feature, apart from its Nest module (a rebuild loads these alone) */
export const appointmentCategoriesReadSide: ProjectionReadSide = {
  readModels: [appointmentCategoriesProjection],
};
