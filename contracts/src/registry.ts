import { memberEvents } from './members/members';
import { networkSettingsEvents } from './settings/events';
import type { EventDefinition } from './common/events';
import type { z } from 'zod';

/** Every event type the platform knows, by type name (validation on append, audit type filter). */
export const eventRegistry: ReadonlyMap<string, EventDefinition<string, z.ZodType>> = new Map(
  [...networkSettingsEvents, ...memberEvents].map((definition) => [definition.type, definition]),
);
