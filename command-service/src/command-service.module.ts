import { Module, type DynamicModule, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { INFRASTRUCTURE, type Infrastructure } from '@cn/platform';
import { AnswerInviteHandler } from './appointments/answering-invites/answer-invite.commands';
import { AnswerInviteController } from './appointments/answering-invites/answer-invite.controller';
import { AppointmentWriter } from './appointments/appointment-writer';
import { ContactAttendeesHandler } from './appointments/contacting-attendees/contact-attendees.commands';
import { ContactAttendeesController } from './appointments/contacting-attendees/contact-attendees.controller';
import {
  AddParticipantsHandler,
  ChangeParticipantStatusHandler,
  RemoveParticipantHandler,
} from './appointments/managing-participants/manage-participants.commands';
import { ManageParticipantsController } from './appointments/managing-participants/manage-participants.controller';
import {
  CancelAppointmentHandler,
  CreateAppointmentHandler,
  DeleteAppointmentHandler,
  ToggleParticipationLockHandler,
  UpdateAppointmentHandler,
} from './appointments/scheduling-appointments/schedule-appointment.commands';
import { ScheduleAppointmentController } from './appointments/scheduling-appointments/schedule-appointment.controller';
import { WaitlistHandler } from './appointments/waiting-list/waitlist.commands';
import { WaitlistController } from './appointments/waiting-list/waitlist.controller';
import { SignInHandler } from './auth/signing-in/sign-in.command';
import { SignInThrottle } from './auth/signing-in/sign-in-throttle';
import { AppointmentCategoryCatalog } from './appointment-categories/appointment-category-catalog';
import { ChangeAppointmentCategoriesController, ChangeAppointmentCategoriesHandler } from './appointment-categories/change-appointment-categories';
import { StartMeetingController, StartMeetingHandler } from './appointments/starting-meeting/start-meeting';
import { CreateMeetingRoomController, CreateMeetingRoomHandler } from './meeting-rooms/create-meeting-room';
import { RoomBookings } from './meeting-rooms/room-bookings';
import { CalendarTokenController, CalendarTokenHandler } from './calendars/calendar-token/calendar-token';
import { ChangeCalendarHandler, CreateCalendarHandler } from './calendars/managing-calendars/manage-calendars.commands';
import { ManageCalendarsController } from './calendars/managing-calendars/manage-calendars.controller';
import { CalendarAccess } from './lookup/calendar-access';
import { SignInController } from './auth/signing-in/sign-in.controller';
import { PasswordController } from './auth/managing-passwords/password.controller';
import {
  ChangeOwnPasswordHandler,
  RequestPasswordResetHandler,
  ResetPasswordHandler,
  SetMemberPasswordHandler,
} from './auth/managing-passwords/password.commands';
import { SignOutController } from './auth/signing-out/sign-out.controller';
import { CommandLookup } from './lookup/command-lookup';
import { EraseMemberHandler } from './members/erasing-member/erase-member.command';
import { EraseMemberController } from './members/erasing-member/erase-member.controller';
import { RegisterMemberHandler } from './members/registering-member/register-member.command';
import { RegisterMemberController } from './members/registering-member/register-member.controller';
import { SetPresenceHandler } from './members/setting-presence/set-presence.command';
import { SetPresenceController } from './members/setting-presence/set-presence.controller';
import { ChangeNetworkSettingsHandler } from './settings/changing-network-settings/change-network-settings.command';
import { ChangeNetworkSettingsController } from './settings/changing-network-settings/change-network-settings.controller';

/** Runs the command side's lookup projector while the application runs. */
class LookupLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(private readonly lookup: CommandLookup) {}

  onApplicationBootstrap(): Promise<void> {
    return this.lookup.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.lookup.stop();
  }
}

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

/** Requests that need no CSRF token (there is no session yet to protect). */
export const COMMAND_SERVICE_CSRF_EXEMPT = ['POST /users/sign_in'];

@Module({})
export class CommandServiceModule {
  static register(infra: Infrastructure): DynamicModule {
    return {
      module: CommandServiceModule,
      imports: [CqrsModule.forRoot()],
      controllers: [
        SignInController,
        PasswordController,
        SignOutController,
        ChangeNetworkSettingsController,
        SetPresenceController,
        RegisterMemberController,
        EraseMemberController,
        ManageCalendarsController,
        CalendarTokenController,
        ScheduleAppointmentController,
        ManageParticipantsController,
        AnswerInviteController,
        WaitlistController,
        ContactAttendeesController,
        StartMeetingController,
        ChangeAppointmentCategoriesController,
        CreateMeetingRoomController,
      ],
      providers: [
        { provide: INFRASTRUCTURE, useValue: infra },
        { provide: CommandLookup, useFactory: () => new CommandLookup(infra) },
        { provide: LookupLifecycle, useFactory: (lookup: CommandLookup) => new LookupLifecycle(lookup), inject: [CommandLookup] },
        {
          provide: SignInThrottle,
          useFactory: () => new SignInThrottle(infra.documentStore, { secret: infra.config.session.secret, clock: infra.clock }),
        },
        SignInHandler,
        ChangeOwnPasswordHandler,
        RequestPasswordResetHandler,
        ResetPasswordHandler,
        SetMemberPasswordHandler,
        ChangeNetworkSettingsHandler,
        SetPresenceHandler,
        RegisterMemberHandler,
        EraseMemberHandler,
        { provide: CalendarAccess, useFactory: () => new CalendarAccess(infra.eventStore) },
        {
          provide: AppointmentWriter,
          useFactory: (lookup: CommandLookup, calendarAccess: CalendarAccess) => new AppointmentWriter(infra, lookup, calendarAccess),
          inject: [CommandLookup, CalendarAccess],
        },
        CreateCalendarHandler,
        ChangeCalendarHandler,
        CalendarTokenHandler,
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
        { provide: AppointmentCategoryCatalog, useFactory: () => new AppointmentCategoryCatalog(infra.eventStore) },
        {
          provide: RoomBookings,
          useFactory: (categories: AppointmentCategoryCatalog) => new RoomBookings(infra, categories),
          inject: [AppointmentCategoryCatalog],
        },
        { provide: RoomBookingsLifecycle, useFactory: (bookings: RoomBookings) => new RoomBookingsLifecycle(bookings), inject: [RoomBookings] },
        StartMeetingHandler,
        ChangeAppointmentCategoriesHandler,
        CreateMeetingRoomHandler,
      ],
      exports: [CommandLookup],
    };
  }
}
