import { networkReadSide } from './network/network.read-side';
import { membersReadSide } from './members/members.read-side';
import { groupsReadSide } from './groups/groups.read-side';
import { calendarsReadSide } from './calendars/calendars.read-side';
import { appointmentCategoriesReadSide } from './appointment-categories/appointment-categories.read-side';
import { meetingRoomsReadSide } from './meeting-rooms/meeting-rooms.read-side';
import { appointmentsReadSide } from './appointments/appointments.read-side';
import { auditReadSide } from './audit/audit.read-side';
import { notificationsReadSide } from './notifications/notifications.read-side';
import { channelsReadSide } from './channels/channels.read-side';
import { activitiesReadSide } from './activities/activities.read-side';
import { messagesReadSide } from './messages/messages.read-side';
import { membershipSettingsReadSide } from './membership-settings/membership-settings.read-side';
import { twoFactorReadSide } from './two-factor/two-factor.read-side';
import { legalReadSide } from './legal/legal.read-side';
import { pagesReadSide } from './pages/pages.read-side';
import { statisticsReadSide } from './statistics/statistics.read-side';
import { navigationReadSide } from './navigation/navigation.read-side';
import { appNavigationReadSide } from './navigation/app-navigation.read-side';
import { chatReadSide } from './chat/chat.read-side';
import { appsReadSide } from './apps/apps.read-side';
import { filesReadSide } from './files/files.read-side';
import { membershipRolesReadSide } from './membership-roles/membership-roles.read-side';
import { mapReadSide } from './map/map.read-side';
import { devicesReadSide } from './devices/devices.read-side';
import { followsReadSide } from './follows/follows.read-side';
import { newsletterReadSide } from './newsletter/newsletter.read-side';
import { widgetBarsReadSide } from './widgetbars/widgetbars.read-side';
import { tagsReadSide } from './tags/tags.read-side';
import { designsReadSide } from './designs/designs.read-side';
import { propertySetsReadSide } from './property-sets/property-sets.read-side';
import { projectionRebuildsReadSide } from './projection-rebuilds/projection-rebuilds.read-side';
import type { ProjectionReadSide } from './core/projection-feature';

/**
 * The read models and realtime publishers of every feature (features.ts), in the same order, without their
 * Nest modules and controllers: what the projectors need, and all a rebuild (rebuild.ts) loads. A spec keeps
 * it equal to PROJECTION_FEATURES.
 */
export const PROJECTION_READ_SIDES: readonly ProjectionReadSide[] = [
  networkReadSide,
  membersReadSide,
  groupsReadSide,
  calendarsReadSide,
  appointmentCategoriesReadSide,
  meetingRoomsReadSide,
  appointmentsReadSide,
  auditReadSide,
  notificationsReadSide,
  channelsReadSide,
  activitiesReadSide,
  messagesReadSide,
  membershipSettingsReadSide,
  twoFactorReadSide,
  legalReadSide,
  pagesReadSide,
  statisticsReadSide,
  navigationReadSide,
  appNavigationReadSide,
  chatReadSide,
  appsReadSide,
  filesReadSide,
  membershipRolesReadSide,
  mapReadSide,
  devicesReadSide,
  followsReadSide,
  newsletterReadSide,
  widgetBarsReadSide,
  tagsReadSide,
  designsReadSide,
  propertySetsReadSide,
  projectionRebuildsReadSide,
];
