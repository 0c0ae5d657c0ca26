import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Response } from 'express';
import { SESSION_COOKIE } from '@cn/contracts';
import { createLruCache, type LruCache } from '@cn/domain';

/**
 * Signed sessions: the cookie holds `memberId.expiresAt.sessionId.hmac`, so every service verifies it with the
 * shared secret. The random session id is what signing out revokes (see session-revocation.ts): a verified
 * token is only a session while its id is not in `revoked_sessions`.
 *
 * The HMAC covers a version prefix (`v2`): tokens of the earlier `memberId.expiresAt.hmac` format, which carry
 * no session id and so could never be revoked, no longer verify; their holders simply sign in again.
 */
export interface SessionConfig {
  secret: string;
  ttlMs: number;
  secureCookie: boolean;
}

const sign = (payload: string, secret: string): string => createHmac('sha256', secret).update(payload).digest('base64url');
const TOKEN_VERSION = 'v2';
const signToken = (payload: string, secret: string): string => sign(`${TOKEN_VERSION}:${payload}`, secret);
const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export interface VerifiedSession {
  memberId: string;
  expiresAt: number;
  /** random, 128 bits; names the session in `revoked_sessions` */
  sessionId: string;
}

export const newSessionId = (): string => randomBytes(16).toString('base64url');

const sameSignature = (a: string, b: string): boolean => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

export const createSessionToken = (
  memberId: string,
  config: SessionConfig,
  now: Date = new Date(),
  sessionId: string = newSessionId(),
): string => {
  if (!SESSION_ID_PATTERN.test(sessionId)) throw new Error('a session id is 16 random bytes in base64url');
  const payload = `${memberId}.${now.getTime() + config.ttlMs}.${sessionId}`;
  return `${payload}.${signToken(payload, config.secret)}`;
};

/**
 * Tokens whose signature this process checked already, per config (so per secret), with their CSRF token:
 * a signed-in member's every request carries the same token, and two HMACs per request are a visible part of
 * a command's cost. Only tokens that verified are kept (a forged one is checked every time, and cannot
 * push out more than the oldest entries); expiry is checked on every use, revocation by the caller as before.
 */
interface Checked {
  session: VerifiedSession;
  csrf: string;
}
const CHECKED_LIMIT = 10_000;
const checkedByConfig = new WeakMap<SessionConfig, LruCache<Checked>>();
const checkedOf = (config: SessionConfig): LruCache<Checked> => {
  let checked = checkedByConfig.get(config);
  if (!checked) {
    checked = createLruCache(CHECKED_LIMIT);
    checkedByConfig.set(config, checked);
  }
  return checked;
};

/** The token's member, expiry and session id when it is signed with this secret and not expired; null otherwise. Revocation is checked by the caller. */
export const verifySessionToken = (token: string | undefined, config: SessionConfig, now: Date = new Date()): VerifiedSession | null => {
  if (!token) return null;
  const known = checkedOf(config).get(token);
  if (known) return known.session.expiresAt > now.getTime() ? { ...known.session } : null;
  const verified = verifySignature(token, config, now);
  if (verified) checkedOf(config).set(token, { session: { ...verified }, csrf: sign(`csrf:${token}`, config.secret) });
  return verified;
};

const verifySignature = (token: string, config: SessionConfig, now: Date): VerifiedSession | null => {
  const signatureAt = token.lastIndexOf('.');
  const sessionAt = token.lastIndexOf('.', signatureAt - 1);
  const expiresAt = token.lastIndexOf('.', sessionAt - 1);
  if (signatureAt <= 0 || sessionAt <= 0 || expiresAt <= 0) return null;
  const payload = token.slice(0, signatureAt);
  if (!sameSignature(token.slice(signatureAt + 1), signToken(payload, config.secret))) return null;
  const sessionId = token.slice(sessionAt + 1, signatureAt);
  const expiry = Number(token.slice(expiresAt + 1, sessionAt));
  if (!SESSION_ID_PATTERN.test(sessionId) || !Number.isSafeInteger(expiry) || expiry <= now.getTime()) return null;
  return { memberId: token.slice(0, expiresAt), expiresAt: expiry, sessionId };
};

/** Bound to the session value: a forged request from another site cannot know it. */
export const csrfTokenFor = (sessionToken: string, config: SessionConfig): string =>
  checkedOf(config).get(sessionToken)?.csrf ?? sign(`csrf:${sessionToken}`, config.secret);

export const verifyCsrfToken = (sessionToken: string, candidate: string | undefined, config: SessionConfig): boolean =>
  typeof candidate === 'string' && sameSignature(candidate, csrfTokenFor(sessionToken, config));

/**
 * Secure whenever the request came over TLS, directly or through a trusted proxy (`req.secure` honours
 * TRUST_PROXY), or when COOKIE_SECURE says every request does.
 */
const secureFor = (res: Response, config: SessionConfig): boolean => config.secureCookie || res.req?.secure === true;

export const setSessionCookie = (res: Response, token: string, config: SessionConfig): void => {
  res.cookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: secureFor(res, config),
    path: '/',
    maxAge: config.ttlMs,
  });
};

export const clearSessionCookie = (res: Response, config: SessionConfig): void => {
  res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure: secureFor(res, config), path: '/' });
};
