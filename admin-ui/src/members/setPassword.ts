import { passwordShapeError } from '@cn/contracts';
import { HttpError } from 'ra-core';
import { fieldErrorsOf } from '../api/serverErrors';

/** The form's one field, as `PUT /administration/members/{id}` names it inside `{ user }`. */
export const SET_PASSWORD_FIELD = 'user.password';

/** What the console checks before sending (the contracts' rules); the common-password list is the server's. */
export const setPasswordError = (password: string, memberEmail: string): string | null =>
  password === '' ? 'required' : passwordShapeError(password, memberEmail);

/**
 * The refusal's key for the password field, or for the form as a whole. The api client has already put the
 * server's `errors[{ field, key }]` into `body.fieldErrors`.
 */
export const setPasswordRefusal = (error: unknown): { field: string | null; general: string | null } => {
  if (!(error instanceof HttpError)) return { field: null, general: 'generic_error' };
  const body: unknown = error.body;
  const onField = fieldErrorsOf(body).find((entry) => entry.field === SET_PASSWORD_FIELD);
  if (onField) return { field: onField.key, general: null };
  const key = typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'string' ? body.error : 'generic_error';
  return { field: null, general: key };
};
