// The password rules themselves, without schemas: the consoles check them as the member types.

/**
 * Password rules of every path that sets one (registration, change, reset, set by an administrator),
 * after OWASP ASVS 5.0 V6.2: at least 8 characters, at least 64 allowed, any character allowed and kept
 * as typed (no composition rules, no truncation), not a commonly used password, not the account's own
 * address. The console checks the same length rules while the member types; the common-password list
 * is checked by the server only (it is too large for the console's bundle).
 */
export const PASSWORD_MIN_LENGTH = 8;
/** longer input is refused by the request schemas (400 too_long) before any rule runs */
export const PASSWORD_MAX_LENGTH = 200;

export const PASSWORD_ERROR_KEYS = [
  'password_too_short',
  'password_too_common',
  'password_matches_email',
  'password_confirmation_mismatch',
  'current_password_invalid',
  'reset_token_invalid',
] as const;
export type PasswordErrorKey = (typeof PASSWORD_ERROR_KEYS)[number];

/** Characters as a person counts them (code points after NFKC, the form the hash is taken of). */
export const passwordLength = (password: string): number => [...password.normalize('NFKC')].length;

/** The first rule the password breaks that needs no list, or null. */
export const passwordShapeError = (password: string, email: string): PasswordErrorKey | null => {
  if (passwordLength(password) < PASSWORD_MIN_LENGTH) return 'password_too_short';
  const folded = password.normalize('NFKC').trim().toLowerCase();
  const address = email.trim().toLowerCase();
  const localPart = address.slice(0, Math.max(0, address.lastIndexOf('@')));
  if (folded === address || (localPart !== '' && folded === localPart)) return 'password_matches_email';
  return null;
};

/** How long a reset link works, and how soon another one may be mailed to the same member. */
export const PASSWORD_RESET_TTL_MINUTES = 120;
export const PASSWORD_RESET_INTERVAL_SECONDS = 60;
