import type { z } from 'zod';
import type { ErrorKey, FieldError } from '@cn/contracts';

/** Schemas in contracts put the error key in the message (`{ message: 'too_long' }`); zod's own messages are prose. */
const isKey = (message: string): boolean => /^[a-z][a-z0-9_]*$/.test(message);

const keyOf = (issue: z.core.$ZodIssue): ErrorKey => {
  if (isKey(issue.message)) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'required' : 'invalid_type';
    case 'too_small':
      return issue.origin === 'string' && Number(issue.minimum) === 1 ? 'required' : 'too_small';
    case 'too_big':
      return issue.origin === 'string' ? 'too_long' : 'too_big';
    case 'invalid_format':
      return 'invalid_format';
    case 'unrecognized_keys':
      return 'unknown_field';
    default:
      return 'invalid_value';
  }
};

const join = (prefix: string | undefined, path: ReadonlyArray<PropertyKey>): string =>
  [...(prefix ? [prefix] : []), ...path.map(String)].join('.');

/** One FieldError per offending field; an unknown key is reported at its own path. */
export const fieldErrorsOf = (error: z.ZodError, fieldPrefix?: string): FieldError[] =>
  error.issues.flatMap((issue): FieldError[] =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({ field: join(fieldPrefix, [...issue.path, key]), key: 'unknown_field' }))
      : [{ field: join(fieldPrefix, issue.path) || (fieldPrefix ?? 'body'), key: keyOf(issue) }],
  );

