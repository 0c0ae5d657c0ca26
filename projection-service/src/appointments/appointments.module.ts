import { Module } from '@nestjs/common';
import type { ProjectionFeature } from '../core/projection-feature';
import { AppointmentsController } from './appointments.controller';
import { appointmentsProjection } from './appointments.projection';
import { appointmentChangePublisher, waitlistPromotionPublisher } from './appointments.realtime';

/** Appointments: month sheets, details, exports. */
@Module({ controllers: [AppointmentsController] })
export class AppointmentsModule {}

export const appointmentsFeature: ProjectionFeature = {
  module: AppointmentsModule,
  readModels: [appointmentsProjection],
  publishers: (infra) => [waitlistPromotionPublisher(), appointmentChangePublisher(infra.documentStore)],
};
