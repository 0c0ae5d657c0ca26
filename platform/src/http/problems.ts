import { z } from 'zod';
import type { ErrorKey, FieldError } from '@cn/contracts';
import { fieldErrorsOf } from '@cn/domain';

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

export const validationProblem = (errors: FieldError[]): HttpProblem => new HttpProblem(400, 'validation_failed', errors);

export const parseWith = <S extends z.ZodType>(schema: S, input: unknown, fieldPrefix?: string): z.output<S> => {
  const result = z.safeParse(schema, input, { reportInput: true });
  if (!result.success) throw validationProblem(fieldErrorsOf(result.error, fieldPrefix));
  return result.data;
};
