import { Module } from '@nestjs/common';
import type { ProjectionFeature } from '../core/projection-feature';
import { AppointmentsController } from './appointments.controller';
import { appointmentsReadSide } from './appointments.read-side';

/** Appointments: month sheets, details, exports. */
@Module({ controllers: [AppointmentsController] })
export class AppointmentsModule {}

export const appointmentsFeature: ProjectionFeature = { module: AppointmentsModule, ...appointmentsReadSide };
