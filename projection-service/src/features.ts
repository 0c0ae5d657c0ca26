import type { ProjectionFeature } from './core/projection-feature';
import { networkFeature } from './network/network.module';
import { membersFeature } from './members/members.module';
import { groupsFeature } from './groups/groups.module';
import { calendarsFeature } from './calendars/calendars.module';
import { appointmentsFeature } from './appointments/appointments.module';
import { appointmentCategoriesFeature } from './appointment-categories/appointment-categories.module';
import { meetingRoomsFeature } from './meeting-rooms/meeting-rooms.module';
import { invitesFeature } from './invites/invites.module';
import { auditFeature } from './audit/audit.module';
import { translationsFeature } from './translations/translations.module';
import { notificationsFeature } from './notifications/notifications.module';
import { channelsFeature } from './channels/channels.module';
import { activitiesFeature } from './activities/activities.module';
import { messagesFeature } from './messages/messages.module';
import { unreadsFeature } from './unreads/unreads.module';
import { membershipSettingsFeature } from './membership-settings/membership-settings.module';
import { twoFactorFeature } from './two-factor/two-factor.module';
import { legalFeature } from './legal/legal.module';
import { pagesFeature } from './pages/pages.module';
import { statisticsFeature } from './statistics/statistics.module';
import { navigationFeature } from './navigation/navigation.module';
import { appNavigationFeature } from './navigation/app-navigation.module';
import { chatFeature } from './chat/chat.module';
import { appsFeature } from './apps/apps.module';
import { filesFeature } from './files/files.module';
import { membershipRolesFeature } from './membership-roles/membership-roles.module';
import { digestsFeature } from './digests/digests.module';
import { mapFeature } from './map/map.module';
import { devicesFeature } from './devices/devices.module';
import { birthdaysFeature } from './birthdays/birthdays.module';
import { followsFeature } from './follows/follows.module';
import { newsletterFeature } from './newsletter/newsletter.module';
import { widgetBarsFeature } from './widgetbars/widgetbars.module';
import { tagsFeature } from './tags/tags.module';
import { designsFeature } from './designs/designs.module';
import { propertySetsFeature } from './property-sets/property-sets.module';
import { projectionRebuildsFeature } from './projection-rebuilds/projection-rebuilds.module';

/**
 * The read side's features: adding one is one line here, and one in read-sides.ts when it has read models
 * or publishers. The order is the order of their routes (a static path such as /appointments/categories
 * comes before the /appointments/:id of a later feature) and of their read models' projection.
 */
export const PROJECTION_FEATURES: readonly ProjectionFeature[] = [
  networkFeature,
  membersFeature,
  groupsFeature,
  calendarsFeature,
  appointmentCategoriesFeature,
  meetingRoomsFeature,
  appointmentsFeature,
  invitesFeature,
  auditFeature,
  translationsFeature,
  notificationsFeature,
  channelsFeature,
  activitiesFeature,
  messagesFeature,
  unreadsFeature,
  membershipSettingsFeature,
  twoFactorFeature,
  legalFeature,
  pagesFeature,
  statisticsFeature,
  navigationFeature,
  appNavigationFeature,
  chatFeature,
  appsFeature,
  filesFeature,
  membershipRolesFeature,
  digestsFeature,
  mapFeature,
  devicesFeature,
  birthdaysFeature,
  followsFeature,
  newsletterFeature,
  widgetBarsFeature,
  tagsFeature,
  designsFeature,
  propertySetsFeature,
  projectionRebuildsFeature,
];
