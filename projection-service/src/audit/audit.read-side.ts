import { auditProjection } from './audit.projection';
import type { ProjectionReadSide } from '../core/projection-feature';

/** the read models and realtime publishers of the feature, apart from its Nest module (a rebuild loads these alone) */
export const auditReadSide: ProjectionReadSide = {
  sealedReadModels: [auditProjection],
};
