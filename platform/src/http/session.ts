import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Response } from 'express';
import { SESSION_COOKIE } from '@cn/contracts';

/**
 * Stateless sessions: the cookie holds `memberId.expiresAt.hmac`, so every service verifies it with the
 * shared secret and no session store is needed.
 */
export interface SessionConfig {
  secret: string;
  ttlMs: number;
  secureCookie: boolean;
}

const sign = (payload: string, secret: string): string => createHmac('sha256', secret).update(payload).digest('base64url');

const sameSignature = (a: string, b: string): boolean => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

export const createSessionToken = (memberId: string, config: SessionConfig, now: Date = new Date()): string => {
  const payload = `${memberId}.${now.getTime() + config.ttlMs}`;
  return `${payload}.${sign(payload, config.secret)}`;
};

export const verifySessionToken = (
  token: string | undefined,
  config: SessionConfig,
  now: Date = new Date(),
): { memberId: string; expiresAt: number } | null => {
  if (!token) return null;
  const signatureAt = token.lastIndexOf('.');
  const expiresAt = token.lastIndexOf('.', signatureAt - 1);
  if (signatureAt <= 0 || expiresAt <= 0) return null;
  const payload = token.slice(0, signatureAt);
  if (!sameSignature(token.slice(signatureAt + 1), sign(payload, config.secret))) return null;
  const expiry = Number(token.slice(expiresAt + 1, signatureAt));
  if (!Number.isSafeInteger(expiry) || expiry <= now.getTime()) return null;
  return { memberId: token.slice(0, expiresAt), expiresAt: expiry };
};

/** Bound to the session value: a forged request from another site cannot know it. */
export const csrfTokenFor = (sessionToken: string, config: SessionConfig): string =>
  sign(`csrf:${sessionToken}`, config.secret);

export const verifyCsrfToken = (sessionToken: string, candidate: string | undefined, config: SessionConfig): boolean =>
  typeof candidate === 'string' && sameSignature(candidate, csrfTokenFor(sessionToken, config));

export const setSessionCookie = (res: Response, token: string, config: SessionConfig): void => {
  res.cookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookie,
    path: '/',
    maxAge: config.ttlMs,
  });
};

export const clearSessionCookie = (res: Response, config: SessionConfig): void => {
  res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure: config.secureCookie, path: '/' });
};
