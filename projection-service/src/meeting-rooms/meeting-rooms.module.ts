import { Module } from '@nestjs/common';
import type { ProjectionFeature } from '../core/projection-feature';
import { MeetingRoomsController } from './meeting-rooms.controller';
import { meetingRoomsReadSide } from './meeting-rooms.read-side';

/** Meeting rooms. */
@Module({ controllers: [MeetingRoomsController] })
export class MeetingRoomsModule {}

export const meetingRoomsFeature: ProjectionFeature = { module: MeetingRoomsModule, ...meetingRoomsReadSide };
