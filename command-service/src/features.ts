import type { Type } from '@nestjs/common';
import { AppointmentCategoriesModule } from './appointment-categories/appointment-categories.module';
import { AppointmentsModule } from './appointments/appointments.module';
import { AuthModule } from './auth/auth.module';
import { CalendarsModule } from './calendars/calendars.module';
import { MeetingRoomsModule } from './meeting-rooms/meeting-rooms.module';
import { MembersModule } from './members/members.module';
import { SettingsModule } from './settings/settings.module';
import { NotificationsModule } from './notifications/notifications.module';
import { GroupsModule } from './groups/groups.module';
import { ChannelsModule } from './channels/channels.module';
import { ActivitiesModule } from './activities/activities.module';
import { MessagesModule } from './messages/messages.module';
import { MembershipSettingsModule } from './membership-settings/membership-settings.module';
import { AbuseReportsModule } from './abuse-reports/abuse-reports.module';
import { TwoFactorModule } from './two-factor/two-factor.module';
import { LegalModule } from './legal/legal.module';
import { PagesModule } from './pages/pages.module';
import { NavigationModule } from './navigation/navigation.module';
import { AppNavigationModule } from './navigation/app-navigation.module';
import { ChatModule } from './chat/chat.module';
import { AppsModule } from './apps/apps.module';
import { FilesModule } from './files/files.module';
import { MembershipRolesModule } from './membership-roles/membership-roles.module';
import { MapModule } from './map/map.module';
import { DevicesModule } from './devices/devices.module';
import { NewsletterModule } from './newsletter/newsletter.module';
import { WidgetBarsModule } from './widgetbars/widgetbars.module';
import { TagsModule } from './tags/tags.module';
import { DesignsModule } from './designs/designs.module';
import { PropertySetsModule } from './property-sets/property-sets.module';
import { ProjectionRebuildsModule } from './projection-rebuilds/projection-rebuilds.module';

/** The write side's features: adding one is one line here (docs/ARCHITECTURE.md, "Adding a feature"). */
export const COMMAND_FEATURES: Type[] = [
  AuthModule,
  MembersModule,
  SettingsModule,
  CalendarsModule,
  AppointmentCategoriesModule,
  MeetingRoomsModule,
  AppointmentsModule,
  NotificationsModule,
  GroupsModule,
  ChannelsModule,
  ActivitiesModule,
  MessagesModule,
  MembershipSettingsModule,
  AbuseReportsModule,
  TwoFactorModule,
  LegalModule,
  PagesModule,
  NavigationModule,
  AppNavigationModule,
  ChatModule,
  AppsModule,
  FilesModule,
  MembershipRolesModule,
  MapModule,
  DevicesModule,
  NewsletterModule,
  WidgetBarsModule,
  TagsModule,
  DesignsModule,
  PropertySetsModule,
  ProjectionRebuildsModule,
];
