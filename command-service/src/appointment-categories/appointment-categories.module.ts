import { Module } from '@nestjs/common';
import { INFRASTRUCTURE, type Infrastructure } from '@cn/platform';
import { AppointmentCategoryCatalog } from './appointment-category-catalog';
import { ChangeAppointmentCategoriesHandler } from './changing-categories/change-appointment-categories.command';
import { ChangeAppointmentCategoriesController } from './changing-categories/change-appointment-categories.controller';

/** Appointment categories: the built-in ones and the custom ones administrators keep; the catalog serves bookings and appointments. */
@Module({
  controllers: [ChangeAppointmentCategoriesController],
  providers: [
    { provide: AppointmentCategoryCatalog, useFactory: (infra: Infrastructure) => new AppointmentCategoryCatalog(infra.eventStore), inject: [INFRASTRUCTURE] },
    ChangeAppointmentCategoriesHandler,
  ],
  exports: [AppointmentCategoryCatalog],
})
export class AppointmentCategoriesModule {}
