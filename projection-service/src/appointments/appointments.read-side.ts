import { appointmentsProjection } from './appointments.projection';
import { appointmentChangePublisher, waitlistPromotionPublisher } from './appointments.realtime';
import type { ProjectionReadSide } from '../core/projection-feature';

/** the read models and realtime publishers of the feature, apart from its Nest module (a rebuild loads these alone) */
export const appointmentsReadSide: ProjectionReadSide = {
  readModels: [appointmentsProjection],
  publishers: (infra) => [waitlistPromotionPublisher(), appointmentChangePublisher(infra.documentStore)],
};
