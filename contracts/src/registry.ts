import { memberEvents } from './members/members';
import { signInLockEvents } from './members/sign-in-locks';
import { networkSettingsEvents } from './settings/events';
import { calendarEvents } from './calendars/calendars';
import { appointmentEvents } from './calendars/appointments';
import { calendarTokenEvents } from './calendars/calendar-token';
import { appointmentCategoryEvents } from './calendars/categories';
import { meetingRoomEvents } from './calendars/rooms';
import { groupEvents, membershipRoleEvents } from './groups/groups';
import type { EventDefinition } from './common/events';
import type { z } from 'zod';

/** Every event type the platform knows, by type name (validation on append, audit type filter). */
export const eventRegistry: ReadonlyMap<string, EventDefinition<string, z.ZodType>> = new Map(
  [
    ...networkSettingsEvents,
    ...memberEvents,
    ...signInLockEvents,
    ...calendarTokenEvents,
    ...calendarEvents,
    ...appointmentEvents,
    ...appointmentCategoryEvents,
    ...meetingRoomEvents,
    ...groupEvents,
    ...membershipRoleEvents,
  ].map((definition) => [definition.type, definition]),
);
