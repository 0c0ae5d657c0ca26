import { Module } from '@nestjs/common';
import type { ProjectionFeature } from '../core/projection-feature';
import { AppointmentCategoriesController } from './appointment-categories.controller';
import { appointmentCategoriesProjection } from './appointment-categories.projection';

/** Appointment categories, built in and custom. */
@Module({ controllers: [AppointmentCategoriesController] })
export class AppointmentCategoriesModule {}

export const appointmentCategoriesFeature: ProjectionFeature = {
  module: AppointmentCategoriesModule,
  readModels: [appointmentCategoriesProjection],
};
