import { memberEvents } from './members/members';
import { changeRequestEvents, memberProfileEvents } from './members/profile';
import { signInLockEvents } from './members/sign-in-locks';
import { networkSettingsEvents } from './settings/events';
import { calendarEvents } from './calendars/calendars';
import { appointmentEvents } from './calendars/appointments';
import { calendarTokenEvents } from './calendars/calendar-token';
import { appointmentCategoryEvents } from './calendars/categories';
import { meetingRoomEvents } from './calendars/rooms';
import { groupEvents, membershipRoleEvents } from './groups/groups';
import { groupCategoryEvents, groupModuleEvents } from './groups/group-events';
import { redactSecrets, SECRET_REDACTED, type EventDefinition } from './common/events';
import type { z } from 'zod';
import { notificationsEvents } from './notifications/notifications';
import { channelEvents } from './channels/channels';
import { activityEvents, activityReadEvents } from './activities/activities';
import { messageEvents } from './messages/messages';
import { membershipSettingsEvents } from './membership-settings/membership-settings';
import { abuseReportEvents } from './abuse-reports/abuse-reports';
import { twoFactorEvents } from './two-factor/two-factor';
import { memberAdministrationEvents } from './members/member-administration';
import { legalEvents } from './legal/legal';
import { membershipRolesManagerEvents } from './membership-roles/membership-roles';
import { tagEvents } from './tags/tags';
import { designEvents } from './designs/designs';
import { navigationEvents } from './navigation/navigation';
import { appNavigationEvents } from './navigation/app-navigation';
import { chatDraftEvents, chatEvents } from './chat/chat';
import { appsEvents } from './apps/apps';
import { filesModuleEvents } from './files/file-events';
import { editorImageEvents } from './files/editor-images';
import { fileArchiveEvents } from './files/file-archives';
import { groupImageEvents, memberImageEvents } from './members/profile-image';
import { memberLocationEvents } from './map/map';
import { deviceEvents } from './devices/devices';
import { memberFollowEvents } from './members/follows';
import { networkLocationEvents } from './map/network-location';
import { mapPlaceEvents, mapPlaceLocationEvents } from './map/places';
import { newsletterEvents } from './newsletter/newsletter';
import { widgetBarEvents } from './widgetbars/widgetbars';
import { propertySetEvents } from './property-sets/property-sets';
import { pageEvents } from './pages/pages';
import { projectionRebuildEvents } from './audit/projection-rebuilds';

/** Every event type the platform knows, by type name (validation on append, audit type filter). */
export const eventRegistry: ReadonlyMap<string, EventDefinition<string, z.ZodType>> = new Map(
  [
    ...networkSettingsEvents,
    ...memberEvents,
    ...memberProfileEvents,
    ...changeRequestEvents,
    ...signInLockEvents,
    ...calendarTokenEvents,
    ...calendarEvents,
    ...appointmentEvents,
    ...appointmentCategoryEvents,
    ...meetingRoomEvents,
    ...groupEvents,
    ...membershipRoleEvents,
    ...groupModuleEvents,
    ...groupCategoryEvents,
    ...notificationsEvents,
    ...channelEvents,
    ...activityEvents,
    ...activityReadEvents,
    ...messageEvents,
    ...membershipSettingsEvents,
    ...abuseReportEvents,
    ...twoFactorEvents,
    ...memberAdministrationEvents,
    ...legalEvents,
    ...navigationEvents,
    ...appNavigationEvents,
    ...chatEvents,
    ...chatDraftEvents,
    ...appsEvents,
    ...filesModuleEvents,
    ...editorImageEvents,
    ...fileArchiveEvents,
    ...membershipRolesManagerEvents,
    ...tagEvents,
    ...designEvents,
    ...memberImageEvents,
    ...groupImageEvents,
    ...memberLocationEvents,
    ...deviceEvents,
    ...memberFollowEvents,
    ...networkLocationEvents,
    ...mapPlaceEvents,
    ...mapPlaceLocationEvents,
    ...newsletterEvents,
    ...widgetBarEvents,
    ...propertySetEvents,
    ...pageEvents,
    ...projectionRebuildEvents,
  ].map((definition) => [definition.type, definition]),
);

/**
 * Data of a stored event in its registered (newest) version: the definition's upcasters run from the
 * version it was written in. Unknown types and versions newer than the registry pass unchanged.
 */
export const upcastEventData = (type: string, schemaVersion: number, data: unknown): { data: unknown; schemaVersion: number } => {
  const definition = eventRegistry.get(type);
  if (!definition?.upcasters || schemaVersion >= definition.version) return { data, schemaVersion };
  let current = data as Record<string, unknown>;
  for (let version = schemaVersion; version < definition.version; version += 1) {
    const upcaster = definition.upcasters[version];
    if (!upcaster) throw new Error(`event ${type}: no upcaster from version ${version}`);
    current = upcaster(current);
  }
  return { data: current, schemaVersion: definition.version };
};

/** Event data as any answer may show it: credentials and declared verifiers replaced by SECRET_REDACTED. */
export const redactEventData = (type: string, data: unknown): unknown => {
  const redacted = redactSecrets(data);
  const verifiers = eventRegistry.get(type)?.verifiers;
  if (!verifiers?.length || typeof redacted !== 'object' || redacted === null || Array.isArray(redacted)) return redacted;
  const copy: Record<string, unknown> = { ...(redacted as Record<string, unknown>) };
  for (const field of verifiers) if (Object.hasOwn(copy, field)) copy[field] = SECRET_REDACTED;
  return copy;
};
