import { Module } from '@nestjs/common';
import type { ProjectionFeature } from '../core/projection-feature';
import { CalendarsController } from './calendars.controller';
import { calendarsProjection, calendarTokensProjection } from './calendars.projection';
import { calendarChangePublisher } from './calendars.realtime';

/** Calendars, their webcal feeds and the members' calendar tokens. */
@Module({ controllers: [CalendarsController] })
export class CalendarsModule {}

export const calendarsFeature: ProjectionFeature = {
  module: CalendarsModule,
  readModels: [calendarsProjection, calendarTokensProjection],
  publishers: (infra) => [calendarChangePublisher(infra.documentStore)],
};
