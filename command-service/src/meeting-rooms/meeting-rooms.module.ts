import { Module, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { INFRASTRUCTURE, type Infrastructure } from '@cn/platform';
import { AppointmentCategoriesModule } from '../appointment-categories/appointment-categories.module';
import { AppointmentCategoryCatalog } from '../appointment-categories/appointment-category-catalog';
import { CreateMeetingRoomHandler } from './creating-meeting-room/create-meeting-room.command';
import { CreateMeetingRoomController } from './creating-meeting-room/create-meeting-room.controller';
import { RoomBookings } from './room-bookings';

/** Runs the write side's room bookings projector while the application runs. */
class RoomBookingsLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(private readonly bookings: RoomBookings) {}

  onApplicationBootstrap(): Promise<void> {
    return this.bookings.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.bookings.stop();
  }
}

/** Meeting rooms and their bookings (an occupied room refuses an appointment: 409 room_occupied). */
@Module({
  imports: [AppointmentCategoriesModule],
  controllers: [CreateMeetingRoomController],
  providers: [
    {
      provide: RoomBookings,
      useFactory: (infra: Infrastructure, categories: AppointmentCategoryCatalog) => new RoomBookings(infra, categories),
      inject: [INFRASTRUCTURE, AppointmentCategoryCatalog],
    },
    { provide: RoomBookingsLifecycle, useFactory: (bookings: RoomBookings) => new RoomBookingsLifecycle(bookings), inject: [RoomBookings] },
    CreateMeetingRoomHandler,
  ],
  exports: [RoomBookings],
})
export class MeetingRoomsModule {}
