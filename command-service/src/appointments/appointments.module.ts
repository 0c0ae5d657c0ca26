import { Module } from '@nestjs/common';
import { CommandRunner } from '../core/command-runner';
import { CalendarsModule } from '../calendars/calendars.module';
import { CalendarAccess } from '../lookup/calendar-access';
import { CommandLookup } from '../lookup/command-lookup';
import { MeetingRoomsModule } from '../meeting-rooms/meeting-rooms.module';
import { AnswerInviteHandler } from './answering-invites/answer-invite.command';
import { AnswerInviteController } from './answering-invites/answer-invite.controller';
import { AppointmentWriter } from './appointment-writer';
import { CalendarDeletionReactor } from './following-calendars/calendar-deletion.reactor';
import { ContactAttendeesHandler } from './contacting-attendees/contact-attendees.command';
import { ContactAttendeesController } from './contacting-attendees/contact-attendees.controller';
import { AddParticipantsHandler, ChangeParticipantStatusHandler, RemoveParticipantHandler } from './managing-participants/manage-participants.command';
import { ManageParticipantsController } from './managing-participants/manage-participants.controller';
import {
  CancelAppointmentHandler,
  CreateAppointmentHandler,
  DeleteAppointmentHandler,
  ToggleParticipationLockHandler,
  UpdateAppointmentHandler,
} from './scheduling-appointments/schedule-appointment.command';
import { ScheduleAppointmentController } from './scheduling-appointments/schedule-appointment.controller';
import { StartMeetingHandler } from './starting-meeting/start-meeting.command';
import { StartMeetingController } from './starting-meeting/start-meeting.controller';
import { WaitlistHandler } from './waiting-list/waitlist.command';
import { WaitlistController } from './waiting-list/waitlist.controller';
import { FilesModule } from '../files/files.module';

/** Appointments: scheduling, participants and invites, the waiting list, contacting attendees, starting the meeting. */
@Module({
  imports: [CalendarsModule, MeetingRoomsModule, FilesModule],
  controllers: [
    ScheduleAppointmentController,
    ManageParticipantsController,
    AnswerInviteController,
    WaitlistController,
    ContactAttendeesController,
    StartMeetingController,
  ],
  providers: [
    {
      provide: AppointmentWriter,
      useFactory: (runner: CommandRunner, lookup: CommandLookup, calendarAccess: CalendarAccess) => new AppointmentWriter(runner, lookup, calendarAccess),
      inject: [CommandRunner, CommandLookup, CalendarAccess],
    },
    CreateAppointmentHandler,
    UpdateAppointmentHandler,
    ToggleParticipationLockHandler,
    CancelAppointmentHandler,
    DeleteAppointmentHandler,
    AddParticipantsHandler,
    ChangeParticipantStatusHandler,
    RemoveParticipantHandler,
    AnswerInviteHandler,
    WaitlistHandler,
    ContactAttendeesHandler,
    StartMeetingHandler,
    CalendarDeletionReactor,
  ],
})
export class AppointmentsModule {}
