import { z } from 'zod';
import type { ErrorKey, FieldError } from '@cn/contracts';

/** An answer other than 2xx, rendered as contracts' ErrorResponse by the kit's exception filter. */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly key: ErrorKey,
    readonly errors: FieldError[] = [],
    message?: string,
    /** sent with the answer, e.g. `Retry-After` on a 429 */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message ?? key);
    this.name = 'HttpProblem';
  }
}

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

export const validationProblem = (errors: FieldError[]): HttpProblem => new HttpProblem(400, 'validation_failed', errors);

export const parseWith = <S extends z.ZodType>(schema: S, input: unknown, fieldPrefix?: string): z.output<S> => {
  const result = z.safeParse(schema, input, { reportInput: true });
  if (!result.success) throw validationProblem(fieldErrorsOf(result.error, fieldPrefix));
  return result.data;
};
