import { z } from 'zod';
import { defineEvent, type EventOf } from '../common/events';

/**
 * A member's webcal token (POST /users/calendar_token creates or rotates it, DELETE revokes it). The
 * token itself is answered once; the member stream keeps only its SHA-256 so that a leaked event log
 * does not leak subscriptions, and no answer shows even the hash (a verifier, redacted in the audit log). The read side hashes the token of a webcal URL (SHA-256, hex) and looks the hash up.
 */
export const MemberCalendarTokenIssued = defineEvent(
  'MemberCalendarTokenIssued',
  1,
  z.object({ member_id: z.string(), token_hash: z.string() }),
  { verifiers: ['token_hash'] },
);
export const MemberCalendarTokenRevoked = defineEvent('MemberCalendarTokenRevoked', 1, z.object({ member_id: z.string() }));

export const calendarTokenEvents = [MemberCalendarTokenIssued, MemberCalendarTokenRevoked] as const;
export type CalendarTokenEvent = EventOf<typeof MemberCalendarTokenIssued> | EventOf<typeof MemberCalendarTokenRevoked>;

/** Answer of POST /users/calendar_token (the only time the token is shown). */
export interface CalendarTokenIssued {
  token: string;
  position: number;
}
export const calendarTokenIssuedSchema = z.object({ token: z.string(), position: z.number().int() }) satisfies z.ZodType<CalendarTokenIssued>;
