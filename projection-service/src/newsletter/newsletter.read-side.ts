import { newsletterChangePublishers } from './newsletter.realtime';
import { newsletterProjection } from './newsletter.projection';
import type { ProjectionReadSide } from '../core/projection-feature';

/** the read models and realtime publishers of the feature, apart from its Nest module (a rebuild loads these alone) */
export const newsletterReadSide: ProjectionReadSide = { readModels: [newsletterProjection], publishers: () => newsletterChangePublishers() };
