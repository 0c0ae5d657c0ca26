import { Module } from '@nestjs/common';
import type { ProjectionFeature } from '../core/projection-feature';
import { AppointmentCategoriesController } from './appointment-categories.controller';
import { appointmentCategoriesReadSide } from './appointment-categories.read-side';

/** Appointment categories, built in and custom. */
@Module({ controllers: [AppointmentCategoriesController] })
export class AppointmentCategoriesModule {}

export const appointmentCategoriesFeature: ProjectionFeature = { module: AppointmentCategoriesModule, ...appointmentCategoriesReadSide };
