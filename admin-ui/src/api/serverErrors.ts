import { HttpError } from 'ra-core';
import type { ErrorResponse, FieldError } from '@cn/contracts';

/** Nested form errors, shaped like the form values, each leaf an i18n key. */
export interface FormErrors {
  [field: string]: string | FormErrors;
}

export const errorMessageKey = (key: string): string => `cn.errors.${key}`;

export const setErrorAt = (errors: FormErrors, path: readonly string[], message: string): void => {
  let node = errors;
  path.forEach((segment, index) => {
    if (index === path.length - 1) {
      // the first error of a field wins, as the server and the schemas list the most telling one first
      if (node[segment] === undefined) node[segment] = message;
      return;
    }
    const child = node[segment];
    if (typeof child === 'object') {
      node = child;
    } else {
      const created: FormErrors = {};
      node[segment] = created;
      node = created;
    }
  });
};

export const fieldErrorsToFormErrors = (fieldErrors: readonly FieldError[]): FormErrors => {
  const errors: FormErrors = {};
  for (const { field, key } of fieldErrors) {
    if (field === '') continue;
    setErrorAt(errors, field.split('.'), errorMessageKey(key));
  }
  return errors;
};

export const isFieldError = (value: unknown): value is FieldError =>
  typeof value === 'object' && value !== null && 'field' in value && typeof value.field === 'string' && 'key' in value && typeof value.key === 'string';

/** The `{ field, key }` list toFormHttpError keeps in `body.fieldErrors` (empty when there is none). */
export const fieldErrorsOf = (body: unknown): FieldError[] =>
  typeof body === 'object' && body !== null && 'fieldErrors' in body && Array.isArray(body.fieldErrors) ? body.fieldErrors.filter(isFieldError) : [];

export const isErrorResponse = (body: unknown): body is ErrorResponse =>
  typeof body === 'object' &&
  body !== null &&
  'error' in body &&
  typeof body.error === 'string' &&
  'errors' in body &&
  Array.isArray(body.errors);

/**
 * react-admin shows `body.errors` (an object shaped like the form) on the inputs and the message as a
 * notification; our API answers `errors: [{ field, key }]`, so reshape it and use the error key as message.
 */
export const toFormHttpError = (error: unknown): unknown => {
  if (!(error instanceof HttpError) || !isErrorResponse(error.body)) return error;
  const body = error.body;
  return new HttpError(errorMessageKey(body.error), error.status, {
    ...body,
    fieldErrors: body.errors,
    errors: fieldErrorsToFormErrors(body.errors),
  });
};
