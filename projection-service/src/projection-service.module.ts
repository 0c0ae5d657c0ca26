import { Module, type DynamicModule } from '@nestjs/common';
import { CONSISTENCY_GATE, INFRASTRUCTURE, type Infrastructure } from '@cn/platform';
import { AppointmentCategoriesController } from './appointment-categories/appointment-categories.controller';
import { AppointmentsController } from './appointments/appointments.controller';
import { AuditController } from './audit/audit.controller';
import { CalendarsController } from './calendars/calendars.controller';
import { GroupsController } from './groups/groups.controller';
import { InvitesController } from './invites/invites.controller';
import { MeetingRoomsController } from './meeting-rooms/meeting-rooms.controller';
import { MembersController } from './members/members.controller';
import { NetworkController } from './network/network.controller';
import { TranslationsController } from './translations/translations.controller';
import { createProjectionRuntime, type ProjectionServiceRuntime } from './projection-runtime';

export const PROJECTION_RUNTIME: unique symbol = Symbol('PROJECTION_RUNTIME');

/** Query API of the read models; the projectors are started by startProjectionService (index.ts). */
@Module({})
export class ProjectionServiceModule {
  static register(infra: Infrastructure, runtime: ProjectionServiceRuntime = createProjectionRuntime(infra)): DynamicModule {
    return {
      module: ProjectionServiceModule,
      controllers: [NetworkController, MembersController, AuditController, CalendarsController, GroupsController, AppointmentCategoriesController, MeetingRoomsController, AppointmentsController, InvitesController, TranslationsController],
      providers: [
        { provide: INFRASTRUCTURE, useValue: infra },
        { provide: PROJECTION_RUNTIME, useValue: runtime },
        { provide: CONSISTENCY_GATE, useValue: runtime.gate },
      ],
      exports: [PROJECTION_RUNTIME],
    };
  }
}
