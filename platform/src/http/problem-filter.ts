import { Catch, HttpException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Request, Response } from 'express';
import type pino from 'pino';
import { z } from 'zod';
import { RETRY_AFTER_HEADER, type ErrorKey, type ErrorResponse } from '@cn/contracts';
import { DomainError, DomainValidationError, type RefusalKind } from '@cn/domain';
import { WrongExpectedRevisionError } from '@cn/platform/event-store';
import { isStorageFault, STORAGE_RETRY_AFTER_SECONDS, storageHealth } from '@cn/platform/storage';
import { fieldErrorsOf } from '@cn/domain';
import { HttpProblem } from './problems';
import { requestContextOf } from './request-context';
import { endpointOfRequest } from './endpoints';
import type { Metrics } from './observability';

const KEY_BY_STATUS: Record<number, ErrorKey> = {
  400: 'validation_failed',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'concurrency_conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
  503: 'service_unavailable',
};

/** The HTTP answer of each kind of domain refusal (the domain core knows no HTTP). */
export const STATUS_BY_REFUSAL: Readonly<Record<RefusalKind, 400 | 403 | 404 | 409 | 422>> = {
  invalid: 400,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  refused: 422,
};

export const keyForStatus = (status: number): ErrorKey => KEY_BY_STATUS[status] ?? (status >= 500 ? 'generic_error' : 'validation_failed');

/** body-parser's errors (bad JSON, too large) carry `type` and `status`. */
const isBodyParserError = (error: unknown): error is Error & { status: number; type: string } =>
  error instanceof Error && typeof (error as { type?: unknown }).type === 'string' && typeof (error as { status?: unknown }).status === 'number';

/** Every error the services raise, as the one answer shape the consoles understand. */
export const problemOf = (error: unknown): ErrorResponse => {
  if (error instanceof HttpProblem) {
    return { statusCode: error.status, error: error.key, errors: error.errors, ...(error.message !== error.key ? { message: error.message } : {}) };
  }
  if (error instanceof z.ZodError) {
    return { statusCode: 400, error: 'validation_failed', errors: fieldErrorsOf(error) };
  }
  if (error instanceof DomainValidationError) {
    return { statusCode: 400, error: 'validation_failed', errors: [...error.errors] };
  }
  if (error instanceof DomainError) {
    // an invalid command is a validation answer: the key goes with its field
    if (error.kind === 'invalid') {
      return { statusCode: 400, error: 'validation_failed', errors: [{ field: error.field ?? 'body', key: error.key }] };
    }
    return { statusCode: STATUS_BY_REFUSAL[error.kind], error: error.key, errors: error.field ? [{ field: error.field, key: error.key }] : [] };
  }
  if (error instanceof WrongExpectedRevisionError) {
    return { statusCode: 409, error: 'concurrency_conflict', errors: [] };
  }
  if (isStorageFault(error)) {
    return { statusCode: 503, error: 'storage_unavailable', errors: [] };
  }
  if (isBodyParserError(error) && error.status >= 400 && error.status < 500) {
    if (error.type === 'entity.parse.failed') {
      return { statusCode: 400, error: 'validation_failed', errors: [{ field: 'body', key: 'invalid_json' }] };
    }
    return { statusCode: error.status, error: keyForStatus(error.status), errors: [] };
  }
  if (error instanceof HttpException) {
    const status = error.getStatus();
    return { statusCode: status, error: keyForStatus(status), errors: [] };
  }
  return { statusCode: 500, error: 'generic_error', errors: [] };
};

export const sendProblem = (res: Response, problem: ErrorResponse, headers: Readonly<Record<string, string>> = {}): void => {
  if (res.headersSent) return;
  res.set(headers).status(problem.statusCode).json(problem);
};

/** The headers an error asks to be answered with (HttpProblem's, Retry-After for a storage fault), none for the others. */
export const problemHeadersOf = (error: unknown): Readonly<Record<string, string>> => {
  if (error instanceof HttpProblem) return error.headers;
  return isStorageFault(error) ? { [RETRY_AFTER_HEADER]: String(STORAGE_RETRY_AFTER_SECONDS) } : {};
};

/** Answers an error as a problem; a storage fault also turns this process's readiness false until a write succeeds. */
export const answerError = (logger: pino.Logger, req: Request, res: Response, error: unknown): void => {
  storageHealth.noteFault(error);
  const problem = problemOf(error);
  logIfServerError(logger, req, error, problem);
  sendProblem(res, problem, problemHeadersOf(error));
};

export const logIfServerError = (logger: pino.Logger, req: Request, error: unknown, problem: ErrorResponse): void => {
  if (problem.statusCode < 500) return;
  const context = requestContextOf(req);
  logger.error({ err: error, requestId: context.requestId, correlationId: context.correlationId, path: req.path }, 'request failed');
};

/** How a refused or failed command is counted: a lost race, a refusal (4xx) or a failure. */
export const commandOutcomeOf = (error: unknown): 'rejected' | 'conflict' | 'failed' => {
  if (error instanceof WrongExpectedRevisionError) return 'conflict';
  if (error instanceof DomainError || error instanceof HttpProblem || error instanceof z.ZodError) return 'rejected';
  return 'failed';
};

@Catch()
export class ProblemFilter implements ExceptionFilter {
  constructor(
    private readonly logger: pino.Logger,
    private readonly metrics?: Pick<Metrics, 'commands'>,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') return;
    const http = host.switchToHttp();
    const req = http.getRequest<Request>();
    // every refusal of a command route, before or after deciding, is counted here once
    const command = endpointOfRequest(req)?.command;
    if (command && this.metrics) this.metrics.commands.inc({ command, outcome: commandOutcomeOf(exception) });
    answerError(this.logger, req, http.getResponse<Response>(), exception);
  }
}
