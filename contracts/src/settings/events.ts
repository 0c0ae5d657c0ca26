import { z } from 'zod';
import { defineEvent, type EventOf } from '../common/events';
import { basicSettingsSchema, joinSettingsSchema, mailSettingsSchema, memberSettingsSchema } from './network-settings';

/** One event per changed tab, carrying the whole new tab and the names of the fields that changed. */
const changed = z.array(z.string());

export const NetworkBasicSettingsChanged = defineEvent(
  'NetworkBasicSettingsChanged',
  1,
  z.object({ network_id: z.string(), basic: basicSettingsSchema, changed_fields: changed }),
);
export const NetworkJoinSettingsChanged = defineEvent(
  'NetworkJoinSettingsChanged',
  1,
  z.object({ network_id: z.string(), join: joinSettingsSchema, changed_fields: changed }),
);
export const NetworkMemberSettingsChanged = defineEvent(
  'NetworkMemberSettingsChanged',
  1,
  z.object({ network_id: z.string(), member: memberSettingsSchema, changed_fields: changed }),
);
export const NetworkMailSettingsChanged = defineEvent(
  'NetworkMailSettingsChanged',
  1,
  z.object({ network_id: z.string(), mail: mailSettingsSchema, changed_fields: changed }),
);

export const networkSettingsEvents = [
  NetworkBasicSettingsChanged,
  NetworkJoinSettingsChanged,
  NetworkMemberSettingsChanged,
  NetworkMailSettingsChanged,
] as const;

export type NetworkSettingsEvent =
  | EventOf<typeof NetworkBasicSettingsChanged>
  | EventOf<typeof NetworkJoinSettingsChanged>
  | EventOf<typeof NetworkMemberSettingsChanged>
  | EventOf<typeof NetworkMailSettingsChanged>;
