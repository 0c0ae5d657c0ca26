import { PASSWORD_MIN_LENGTH, passwordShapeError } from '@cn/contracts';
import type { TFunction } from 'i18next';
import { ApiError } from '../api/client';

/** The fields of the password forms, named as the API names them (inside `user` for the reset). */
export type PasswordField = 'current_password' | 'password' | 'password_confirmation';
export type PasswordValues = Partial<Record<PasswordField, string>>;
/** field → error key (`errors.<key>` in the bundles) */
export type PasswordErrors = Partial<Record<PasswordField, string>>;

const PASSWORD_FIELDS: readonly PasswordField[] = ['current_password', 'password', 'password_confirmation'];
const isPasswordField = (field: string): field is PasswordField => (PASSWORD_FIELDS as readonly string[]).includes(field);

const fieldError = (field: PasswordField, values: PasswordValues, email: string): string | undefined => {
  const value = values[field] ?? '';
  switch (field) {
    case 'current_password':
      return value === '' ? 'required' : undefined;
    case 'password':
      return value === '' ? 'required' : (passwordShapeError(value, email) ?? undefined);
    case 'password_confirmation':
      if (value === (values.password ?? '')) return undefined;
      return value === '' ? 'required' : 'password_confirmation_mismatch';
  }
};

/**
 * What the console checks before sending, for the fields the form has: filled in, the length and address
 * rules of the contracts, the confirmation. The common-password list is the server's alone.
 */
export const clientPasswordErrors = (values: PasswordValues, email: string): PasswordErrors => {
  const errors: PasswordErrors = {};
  for (const field of PASSWORD_FIELDS) {
    if (values[field] === undefined) continue;
    const key = fieldError(field, values, email);
    if (key) errors[field] = key;
  }
  return errors;
};

/**
 * After an edit, the errors shown on the edited field (and on the confirmation, which depends on the new
 * password) are checked again, so a message goes as soon as the field is fixed; fields not touched keep
 * theirs, including what the server said about them.
 */
export const errorsAfterChange = (errors: PasswordErrors, values: PasswordValues, email: string, changed: PasswordField): PasswordErrors => {
  const recheck: PasswordField[] = changed === 'password' ? ['password', 'password_confirmation'] : [changed];
  const next: PasswordErrors = { ...errors };
  for (const field of recheck) {
    if (next[field] === undefined) continue;
    const key = fieldError(field, values, email);
    if (key) next[field] = key;
    else delete next[field];
  }
  return next;
};

export interface ServerPasswordErrors {
  fields: PasswordErrors;
  /** a refusal no input can show (an invalid reset link, a lost connection), as an error key */
  general: string | null;
}

/** Sorts a refusal's `errors[{ field, key }]` onto the form's fields; `prefix` is the envelope (`user.`). */
export const serverPasswordErrors = (error: unknown, prefix = ''): ServerPasswordErrors => {
  if (!(error instanceof ApiError)) return { fields: {}, general: 'generic_error' };
  const fields: PasswordErrors = {};
  let general: string | null = null;
  for (const { field, key } of error.body.errors) {
    const name = field.startsWith(prefix) ? field.slice(prefix.length) : field;
    if (isPasswordField(name)) fields[name] ??= key;
    else general ??= key;
  }
  if (Object.keys(fields).length === 0 && general === null) general = error.key;
  return { fields, general };
};

/** The words for an error key, never the key itself; the length rule names the minimum. */
export const passwordErrorText = (t: TFunction, key: string): string =>
  t(`errors.${key}`, { min: PASSWORD_MIN_LENGTH, defaultValue: t('errors.generic_error') });
