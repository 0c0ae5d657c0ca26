import { z } from 'zod';
import { defineEvent, sealedSecret, type EventOf } from '../common/events';

/** A member's second factors: an authenticator app (TOTP, RFC 6238) or codes by mail. */
export const TWO_FACTOR_TYPES = ['totp', 'email'] as const;
export type TwoFactorType = (typeof TWO_FACTOR_TYPES)[number];

export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** a code of the step before or after the current one is still taken (clock drift of the phone) */
export const TOTP_DRIFT_STEPS = 1;
/**
 * A code by mail is the HOTP of a 30-second step, taken ten minutes either side: each mail names a step
 * after the last one taken, so the replay rule (never a step at or before the last) holds for mail too.
 */
export const EMAIL_CODE_PERIOD_SECONDS = 30;
export const EMAIL_CODE_DRIFT_STEPS = 20;
export const BACKUP_CODE_COUNT = 10;
/** wrong codes a member may enter within the window before they have to wait */
export const TWO_FACTOR_FREE_FAILURES = 5;
export const TWO_FACTOR_FAILURE_WINDOW_MS = 15 * 60_000;
export const TWO_FACTOR_LOCK_MS = 5 * 60_000;
/** how long the password step holds for the second factor */
export const TWO_FACTOR_PENDING_TTL_MS = 10 * 60_000;
export const TWO_FACTOR_PENDING_COOKIE = 'cn_two_factor';
/** the issuer an authenticator app shows next to the account */
export const TOTP_ISSUER = 'Community Network';

export const twoFactorStream = (memberId: string): string => `twofactor-${memberId}`;

/** six digits of an authenticator or mail, or a backup code (xxxx-xxxx, letters and digits) */
const codeSchema = z
  .string({ message: 'required' })
  .trim()
  .min(1, { message: 'required' })
  .max(32, { message: 'too_long' })
  .regex(/^(\d{6}|[a-z0-9]{4}-?[a-z0-9]{4})$/i, { message: 'invalid_format' });

/** the two-factor code inputs: required and numeric (six digits) */
const numericCodeSchema = z
  .string({ message: 'required' })
  .trim()
  .min(1, { message: 'required' })
  .regex(/^\d{6}$/, { message: 'invalid_format' });

export const newFactorQuerySchema = z.object({ type: z.enum(TWO_FACTOR_TYPES, { message: 'unknown_type' }) });

export const addFactorRequestSchema = z.object({
  type: z.enum(TWO_FACTOR_TYPES, { message: 'unknown_type' }),
  code: numericCodeSchema,
  /** the setup the server handed out (GET …/factors/new): the secret, signed by the server for this member */
  setup_token: z.string({ message: 'required' }).min(1, { message: 'required' }).max(512, { message: 'too_long' }),
  provisioning_uri: z.string().max(1024, { message: 'too_long' }).optional(),
  secret_key: z.string().max(256, { message: 'too_long' }).optional(),
});
export type AddFactorRequest = z.input<typeof addFactorRequestSchema>;

/** deleting a factor or resetting its backup codes asks for a current code of it */
export const factorCodeRequestSchema = z.object({ code: codeSchema });
export const twoFactorSignInRequestSchema = z.object({ code: codeSchema });

export const newFactorResponseSchema = z.object({
  type: z.enum(TWO_FACTOR_TYPES),
  setup_token: z.string(),
  provisioning_uri: z.string().optional(),
  secret_key: z.string().optional(),
  /** the provisioning URI as a QR code is drawn by the console */
});
export type NewFactorResponse = z.infer<typeof newFactorResponseSchema>;

export const factorDtoSchema = z.object({
  id: z.string().nullable(),
  type: z.enum(TWO_FACTOR_TYPES),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  /** the network no longer allows its method: it cannot be used to sign in (factorMethodAllowed) */
  deactivated: z.boolean(),
});
export type FactorDto = z.infer<typeof factorDtoSchema>;

/**
 * A factor that was deleted (by the member, with a code) or reset by an administrator: which, when and
 * by whom. The member's own list names no administrator (`removed_by_name` null); the administration's does.
 */
export const removedFactorDtoSchema = z.object({
  id: z.string(),
  type: z.enum(TWO_FACTOR_TYPES),
  created_at: z.string(),
  removed_at: z.string(),
  removed_by: z.enum(['member', 'administrator']),
  removed_by_name: z.string().nullable(),
});
export type RemovedFactorDto = z.infer<typeof removedFactorDtoSchema>;
/** how many removed factors a member's list keeps (the newest) */
export const REMOVED_FACTORS_KEPT = 10;

export const factorsResponseSchema = z.object({
  factors: z.array(factorDtoSchema),
  /** the factors deleted or reset, newest first */
  removed_factors: z.array(removedFactorDtoSchema),
  /** the network's setting: enabled (optional) or enforced; disabled shows nothing */
  two_factor: z.enum(['disabled', 'enabled', 'enforced']),
  totp_available: z.boolean(),
  email_available: z.boolean(),
  backup_codes_left: z.number().int(),
  /** the network enforces two-factor and the member has no factor of an allowed method (twoFactorSetupRequired) */
  setup_required: z.boolean(),
});
export type FactorsResponse = z.infer<typeof factorsResponseSchema>;

/** GET /administration/members/{id}/authentication/factors: a member's factors and removed ones, as administrators see them */
export const memberFactorsResponseSchema = z.object({ factors: z.array(factorDtoSchema), removed_factors: z.array(removedFactorDtoSchema) });
export type MemberFactorsResponse = z.infer<typeof memberFactorsResponseSchema>;

/** A factor added or its codes reset answers the backup codes once, in clear text, to download */
export const backupCodesAnswerSchema = z.object({ position: z.number().int(), id: z.string(), backup_codes: z.array(z.string()) });
export type BackupCodesAnswer = z.infer<typeof backupCodesAnswerSchema>;

export const twoFactorSignInAnswerSchema = z.object({ redirect_to: z.string() });

/**
 * The factor's secret (base32 for TOTP, hex for mail codes) and the SHA-256 of each backup code are
 * sealed with the member's key: no reader unseals them, and erasure destroys them with the key.
 */
export const TwoFactorFactorAdded = defineEvent(
  'TwoFactorFactorAdded',
  1,
  z.object({ member_id: z.string(), factor_id: z.string(), type: z.enum(TWO_FACTOR_TYPES), secret: sealedSecret, backup_codes: sealedSecret }),
);
export const TwoFactorFactorRemoved = defineEvent(
  'TwoFactorFactorRemoved',
  1,
  z.object({ member_id: z.string(), factor_id: z.string(), removed_by: z.enum(['member', 'administrator']) }),
);
export const TwoFactorBackupCodesReset = defineEvent(
  'TwoFactorBackupCodesReset',
  1,
  z.object({ member_id: z.string(), factor_id: z.string(), backup_codes: sealedSecret }),
);
/**
 * A code was taken: the time step of a TOTP or mail code (a code of that step or an earlier one is never
 * taken again) or the position of a backup code (used once).
 */
export const TwoFactorCodeUsed = defineEvent(
  'TwoFactorCodeUsed',
  1,
  z.object({ member_id: z.string(), factor_id: z.string(), method: z.enum(['totp', 'email', 'backup']), step: z.number().int().nullable(), backup_index: z.number().int().nullable() }),
);

export const twoFactorEvents = [TwoFactorFactorAdded, TwoFactorFactorRemoved, TwoFactorBackupCodesReset, TwoFactorCodeUsed] as const;
export type TwoFactorEvent =
  | EventOf<typeof TwoFactorFactorAdded>
  | EventOf<typeof TwoFactorFactorRemoved>
  | EventOf<typeof TwoFactorBackupCodesReset>
  | EventOf<typeof TwoFactorCodeUsed>;

/* ---- what the network allows: one rule for the guard, the sign-in steps and the factor list ---- */

/** The part of the network settings two-factor rules read (settings.member). */
export interface TwoFactorPolicy {
  two_factor: 'disabled' | 'enabled' | 'enforced';
  two_factor_totp_available: boolean;
  two_factor_email_available: boolean;
}

/** Whether the network allows this method now: a factor of a method switched off is deactivated. */
export const factorMethodAllowed = (policy: TwoFactorPolicy, type: TwoFactorType): boolean =>
  policy.two_factor !== 'disabled' && (type === 'totp' ? policy.two_factor_totp_available : policy.two_factor_email_available);

/**
 * Whether a member with factors of these types must set one up before anything else: the network enforces
 * two-factor and none of their factors is of a method it allows.
 */
export const twoFactorSetupRequired = (policy: TwoFactorPolicy, factorTypes: readonly TwoFactorType[]): boolean =>
  policy.two_factor === 'enforced' && !factorTypes.some((type) => factorMethodAllowed(policy, type));

