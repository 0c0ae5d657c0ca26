import { Module } from '@nestjs/common';
import type { ProjectionFeature } from '../core/projection-feature';
import { CalendarsController } from './calendars.controller';
import { calendarsReadSide } from './calendars.read-side';

/** Calendars, their webcal feeds and the members' calendar tokens. */
@Module({ controllers: [CalendarsController] })
export class CalendarsModule {}

export const calendarsFeature: ProjectionFeature = { module: CalendarsModule, ...calendarsReadSide };
