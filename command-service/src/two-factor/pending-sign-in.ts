import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { TWO_FACTOR_PENDING_TTL_MS } from '@cn/contracts';

/**
 * Between the password and the second factor: a signed `memberId.expiresAt.nonce.hmac` in its own cookie
 * (cn_two_factor), signed in a domain of its own so that it never passes for a session token.
 */
const sign = (secret: string, payload: string): string => createHmac('sha256', secret).update(`two-factor-pending:${payload}`).digest('base64url');

export const pendingSignInToken = (memberId: string, secret: string, nowMs: number): string => {
  const payload = `${memberId}.${nowMs + TWO_FACTOR_PENDING_TTL_MS}.${randomBytes(12).toString('base64url')}`;
  return `${payload}.${sign(secret, payload)}`;
};

export const pendingSignInMember = (token: string | undefined, secret: string, nowMs: number): string | null => {
  if (!token) return null;
  const at = token.lastIndexOf('.');
  if (at <= 0) return null;
  const payload = token.slice(0, at);
  const [given, expected] = [Buffer.from(token.slice(at + 1)), Buffer.from(sign(secret, payload))];
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const [memberId, expires] = payload.split('.');
  return memberId && Number(expires) > nowMs ? memberId : null;
};
