import { Module } from '@nestjs/common';
import { PORT_TOKENS } from '@cn/platform';
import type { EventStore } from '@cn/domain';
import { CalendarAccess } from '../lookup/calendar-access';
import { CalendarTokenHandler } from './managing-calendar-token/calendar-token.command';
import { CalendarTokenController } from './managing-calendar-token/calendar-token.controller';
import { ChangeCalendarHandler, CreateCalendarHandler } from './managing-calendars/manage-calendars.commands';
import { ManageCalendarsController } from './managing-calendars/manage-calendars.controller';

/** Calendars (personal, network, group) and the member's webcal token; CalendarAccess serves the appointments too. */
@Module({
  controllers: [ManageCalendarsController, CalendarTokenController],
  providers: [
    { provide: CalendarAccess, useFactory: (eventStore: EventStore) => new CalendarAccess(eventStore), inject: [PORT_TOKENS.eventStore] },
    CreateCalendarHandler,
    ChangeCalendarHandler,
    CalendarTokenHandler,
  ],
  exports: [CalendarAccess],
})
export class CalendarsModule {}
