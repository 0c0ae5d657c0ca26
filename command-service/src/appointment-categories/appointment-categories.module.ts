import { Module } from '@nestjs/common';
import { PORT_TOKENS } from '@cn/platform';
import type { EventStore } from '@cn/domain';
import { AppointmentCategoryCatalog } from './appointment-category-catalog';
import { ChangeAppointmentCategoriesHandler } from './changing-categories/change-appointment-categories.command';
import { ChangeAppointmentCategoriesController } from './changing-categories/change-appointment-categories.controller';

/** Appointment categories: the built-in ones and the custom ones administrators keep; the catalog serves bookings and appointments. */
@Module({
  controllers: [ChangeAppointmentCategoriesController],
  providers: [
    { provide: AppointmentCategoryCatalog, useFactory: (eventStore: EventStore) => new AppointmentCategoryCatalog(eventStore), inject: [PORT_TOKENS.eventStore] },
    ChangeAppointmentCategoriesHandler,
  ],
  exports: [AppointmentCategoryCatalog],
})
export class AppointmentCategoriesModule {}
