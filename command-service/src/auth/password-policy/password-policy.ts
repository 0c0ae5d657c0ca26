import { passwordShapeError, type PasswordErrorKey } from '@cn/contracts';
import { DomainError } from '@cn/domain';
import { COMMON_PASSWORDS_TEXT } from './common-passwords';

const COMMON_PASSWORDS: ReadonlySet<string> = new Set(COMMON_PASSWORDS_TEXT.split('\n'));

/** The first rule of contracts' password policy the password breaks, the common-password list included. */
export const passwordPolicyError = (password: string, email: string): PasswordErrorKey | null =>
  passwordShapeError(password, email) ??
  (COMMON_PASSWORDS.has(password.normalize('NFKC').trim().toLowerCase()) ? 'password_too_common' : null);

/** Refuses (422, with the field and the rule's key) a password a person chose that breaks the policy. */
export const requireAcceptablePassword = (password: string, email: string, field: string): void => {
  const broken = passwordPolicyError(password, email);
  if (broken) throw new DomainError(broken, 'refused', field);
};
