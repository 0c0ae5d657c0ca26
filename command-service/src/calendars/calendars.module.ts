import { Module } from '@nestjs/common';
import { INFRASTRUCTURE, type Infrastructure } from '@cn/platform';
import { CalendarAccess } from '../lookup/calendar-access';
import { CalendarTokenHandler } from './managing-calendar-token/calendar-token.command';
import { CalendarTokenController } from './managing-calendar-token/calendar-token.controller';
import { ChangeCalendarHandler, CreateCalendarHandler } from './managing-calendars/manage-calendars.commands';
import { ManageCalendarsController } from './managing-calendars/manage-calendars.controller';

/** Calendars (personal, network, group) and the member's webcal token; CalendarAccess serves the appointments too. */
@Module({
  controllers: [ManageCalendarsController, CalendarTokenController],
  providers: [
    { provide: CalendarAccess, useFactory: (infra: Infrastructure) => new CalendarAccess(infra.eventStore), inject: [INFRASTRUCTURE] },
    CreateCalendarHandler,
    ChangeCalendarHandler,
    CalendarTokenHandler,
  ],
  exports: [CalendarAccess],
})
export class CalendarsModule {}
