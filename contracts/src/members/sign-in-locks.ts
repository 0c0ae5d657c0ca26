import { z } from 'zod';
import { SIGN_IN_THROTTLE_SCOPES } from '../common/constants';
import { defineEvent, type EventOf } from '../common/events';

export const signInThrottleScopeSchema = z.enum(SIGN_IN_THROTTLE_SCOPES);
export type SignInThrottleScope = z.infer<typeof signInThrottleScopeSchema>;

/**
 * Sign-in attempts of a scope were locked after `failures` consecutive failures (see
 * SIGN_IN_FREE_FAILURES); one event when a lock begins, later failures of the same run only lengthen it.
 * The audit log shows event data to auditors, so neither the email nor the client address is in it:
 * the account is named by `member_id` when it is a member's, otherwise by `account_hash`; the address by
 * `address_hash` (the first 16 hex digits of an HMAC-SHA-256 with the session secret, so that a
 * dictionary of addresses cannot reverse them).
 */
export const SignInLocked = defineEvent(
  'SignInLocked',
  1,
  z.object({
    scope: signInThrottleScopeSchema,
    member_id: z.string().optional(),
    account_hash: z.string().optional(),
    address_hash: z.string().optional(),
    failures: z.number().int().positive(),
    /** ISO-8601 */
    locked_until: z.string(),
  }),
);

export const signInLockEvents = [SignInLocked] as const;
export type SignInLockEvent = EventOf<typeof SignInLocked>;
