import { z } from 'zod';
import { createSessionToken, csrfTokenFor, verifyCsrfToken, verifySessionToken } from './session';
import { HttpProblem, parseWith } from './problems';
import { parseListQuery } from './simple-rest';
import { problemOf } from './problem-filter';
import { DomainError } from '@cn/domain';
import { WrongExpectedRevisionError } from '@cn/platform/event-store';

const session = { secret: 'test-secret', ttlMs: 60_000, secureCookie: false };
const now = new Date('2026-01-01T00:00:00Z');

const problem = (run: () => unknown): HttpProblem => {
  try {
    run();
  } catch (error) {
    if (error instanceof HttpProblem) return error;
    throw error;
  }
  throw new Error('expected a problem');
};

describe('sessions', () => {
  it('verifies its own tokens until they expire', () => {
    const token = createSessionToken('member-1', session, now);
    expect(verifySessionToken(token, session, now)).toEqual({ memberId: 'member-1', expiresAt: now.getTime() + 60_000, sessionId: expect.any(String) });
    expect(verifySessionToken(token, session, new Date(now.getTime() + 60_000))).toBeNull();
  });

  it('refuses tampered tokens and other secrets', () => {
    const token = createSessionToken('member-1', session, now);
    expect(verifySessionToken(token.replace('member-1', 'member-2'), session, now)).toBeNull();
    expect(verifySessionToken(token, { ...session, secret: 'other' }, now)).toBeNull();
    expect(verifySessionToken('garbage', session, now)).toBeNull();
    expect(verifySessionToken(undefined, session, now)).toBeNull();
  });

  it('binds the CSRF token to the session', () => {
    const token = createSessionToken('member-1', session, now);
    expect(verifyCsrfToken(token, csrfTokenFor(token, session), session)).toBe(true);
    expect(verifyCsrfToken(createSessionToken('member-1', session, new Date(1)), csrfTokenFor(token, session), session)).toBe(false);
    expect(verifyCsrfToken(token, undefined, session)).toBe(false);
  });
});

describe('parseWith', () => {
  const schema = z.object({ name: z.string().min(1), age: z.number().max(3), nested: z.object({ on: z.boolean() }) }).strict();

  it('names each offending field with its key', () => {
    expect(problem(() => parseWith(schema, { age: 'x', nested: {}, extra: 1 })).errors).toEqual([
      { field: 'name', key: 'required' },
      { field: 'age', key: 'invalid_type' },
      { field: 'nested.on', key: 'required' },
      { field: 'extra', key: 'unknown_field' },
    ]);
    expect(problem(() => parseWith(schema, { name: '', age: 9, nested: { on: true } }, 'user')).errors).toEqual([
      { field: 'user.name', key: 'required' },
      { field: 'user.age', key: 'too_big' },
    ]);
  });
});

describe('problemOf', () => {
  it('maps domain refusals, conflicts and unknown errors', () => {
    expect(problemOf(new DomainError('status_hidden'))).toEqual({ statusCode: 422, error: 'status_hidden', errors: [] });
    expect(problemOf(new DomainError('too_long', 'invalid', 'text'))).toEqual({
      statusCode: 400,
      error: 'validation_failed',
      errors: [{ field: 'text', key: 'too_long' }],
    });
    expect(problemOf(new WrongExpectedRevisionError('s', 1, 2))).toEqual({ statusCode: 409, error: 'concurrency_conflict', errors: [] });
    expect(problemOf(new Error('boom'))).toEqual({ statusCode: 500, error: 'generic_error', errors: [] });
  });
});

describe('parseListQuery', () => {
  const shape = { sortFields: { last_name: 'last_name', name: 'name' }, filters: ['q'] };
  it('reads the ra-data-simple-rest parameters', () => {
    expect(parseListQuery({ sort: '["last_name","DESC"]', range: '[10,19]', filter: '{"q":"a"}' }, shape)).toEqual({
      sort: ['last_name', 'DESC'],
      range: [10, 19],
      filter: { q: 'a' },
    });
    expect(parseListQuery({}, shape)).toEqual({ range: [0, 24], filter: {} });
  });

  it('answers 400 for malformed parameters', () => {
    expect(problem(() => parseListQuery({ range: '[5,1]' }, shape)).errors).toEqual([{ field: 'range', key: 'invalid_format' }]);
    expect(problem(() => parseListQuery({ sort: 'nope' }, shape)).errors).toEqual([{ field: 'sort', key: 'invalid_format' }]);
    expect(problem(() => parseListQuery({ filter: '[1]' }, shape)).errors).toEqual([{ field: 'filter', key: 'invalid_format' }]);
  });

  it('knows only its own sort fields and filter names: inherited ones answer 400 too', () => {
    for (const name of [...Object.getOwnPropertyNames(Object.prototype), 'unknown']) {
      expect(problem(() => parseListQuery({ sort: JSON.stringify([name, 'ASC']) }, shape)).errors).toEqual([{ field: 'sort', key: 'invalid_value' }]);
      expect(problem(() => parseListQuery({ filter: JSON.stringify({ [name]: 1 }) }, shape)).errors).toEqual([{ field: 'filter', key: 'invalid_value' }]);
    }
  });
});
