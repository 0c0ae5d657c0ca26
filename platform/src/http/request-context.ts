import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { SESSION_COOKIE } from '@cn/contracts';
import { HttpProblem } from './problems';
import { verifySessionToken, type SessionConfig } from './session';
import type { SessionRevocations } from './session-revocation';

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
let defaultRevocations: SessionRevocations | null = null;

export const useSessionConfig = (session: SessionConfig, revocations: SessionRevocations | null = null): void => {
  defaultSession = session;
  defaultRevocations = revocations;
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

/**
 * Reads the session cookie; a signed-out (revoked) session counts as no session. The revocation view is
 * used as it is: refresh it first (applyHttpKit's middleware does) when it may be stale.
 */
export const createRequestContext = (
  req: IncomingMessage,
  session: SessionConfig,
  revocations: SessionRevocations | null = null,
): RequestContext => {
  const correlation = headerValue(req, 'x-correlation-id');
  const token = cookieValue(req, SESSION_COOKIE);
  const signed = verifySessionToken(token, session);
  const verified = signed && revocations?.isRevoked(signed) ? null : signed;
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

/**
 * The context the middleware attached, or (a WebSocket upgrade, which bypasses the middleware) one built here
 * from the cookie. The upgrade path cannot wait for a load, so it uses the revocation view as it is; while the
 * server listens, applyHttpKit keeps that view refreshed about every REVOCATION_REFRESH_MS.
 */
export const requestContextOf = (req: IncomingMessage, session?: SessionConfig): RequestContext => {
  const known = contexts.get(req);
  if (known) return known;
  const config = session ?? defaultSession;
  if (defaultRevocations?.isStale()) void defaultRevocations.refresh().catch(() => undefined);
  const context: RequestContext = config
    ? createRequestContext(req, config, defaultRevocations)
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

/**
 * Whether the session the request came with still holds now (not expired, not revoked): a long-lived
 * connection (the realtime socket) asks it again and again, since its request was checked only once.
 */
export const sessionStillHolds = (req: IncomingMessage, session?: SessionConfig): boolean => {
  const config = session ?? defaultSession;
  if (!config) return false;
  if (defaultRevocations?.isStale()) void defaultRevocations.refresh().catch(() => undefined);
  return createRequestContext(req, config, defaultRevocations).memberId !== null;
};
