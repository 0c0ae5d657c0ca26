import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { SESSION_COOKIE } from '@cn/contracts';
import { HttpProblem } from './problems';
import { verifySessionToken, type SessionConfig } from './session';

/** Who is asking and which request/correlation ids the events it causes will carry. */
export interface RequestContext {
  requestId: string;
  correlationId: string;
  memberId: string | null;
  sessionToken: string | null;
}

const contexts = new WeakMap<IncomingMessage, RequestContext>();
/** set by applyHttpKit, so that a WebSocket upgrade (which bypasses the middleware) can verify its cookie */
let defaultSession: SessionConfig | null = null;

export const useSessionConfig = (session: SessionConfig): void => {
  defaultSession = session;
};

const ID_PATTERN = /^[A-Za-z0-9._:-]{1,100}$/;

const headerValue = (req: IncomingMessage, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

export const cookieValue = (req: IncomingMessage, name: string): string | undefined => {
  for (const part of (headerValue(req, 'cookie') ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) {
      try {
        return decodeURIComponent(part.slice(at + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
};

export const createRequestContext = (req: IncomingMessage, session: SessionConfig): RequestContext => {
  const correlation = headerValue(req, 'x-correlation-id');
  const token = cookieValue(req, SESSION_COOKIE);
  const verified = verifySessionToken(token, session);
  return {
    requestId: randomUUID(),
    correlationId: correlation && ID_PATTERN.test(correlation) ? correlation : randomUUID(),
    memberId: verified?.memberId ?? null,
    sessionToken: verified && token ? token : null,
  };
};

export const attachRequestContext = (req: IncomingMessage, context: RequestContext): void => {
  contexts.set(req, context);
};

export const requestContextOf = (req: IncomingMessage, session?: SessionConfig): RequestContext => {
  const known = contexts.get(req);
  if (known) return known;
  const config = session ?? defaultSession;
  const context: RequestContext = config
    ? createRequestContext(req, config)
    : { requestId: randomUUID(), correlationId: randomUUID(), memberId: null, sessionToken: null };
  contexts.set(req, context);
  return context;
};

export const Ctx = createParamDecorator((_data: unknown, execution: ExecutionContext): RequestContext =>
  requestContextOf(execution.switchToHttp().getRequest<IncomingMessage>()),
);

export const requireMember = (ctx: RequestContext): string => {
  if (!ctx.memberId) throw new HttpProblem(401, 'unauthenticated');
  return ctx.memberId;
};
