import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A short-lived bearer token that needs no stored state: its claims, base64url JSON, and an HMAC under the
 * session secret keyed by the token's purpose (a chat token is never taken for a file token). It runs out
 * at `expires_at` (epoch milliseconds). What it grants is checked again where it is used.
 */
export interface ExpiringClaims {
  /** epoch milliseconds */
  expires_at: number;
}

const sign = (secret: string, purpose: string, body: string): string => createHmac('sha256', `${purpose}:${secret}`).update(body).digest('base64url');

export const createSignedToken = <C extends ExpiringClaims>(secret: string, purpose: string, claims: C): string => {
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${body}.${sign(secret, purpose, body)}`;
};

/** the claims, or null when the token is malformed, forged, of another purpose, not of the expected shape or expired */
export const readSignedToken = <C extends ExpiringClaims>(secret: string, purpose: string, token: string | null, now: Date, isClaims: (value: unknown) => value is C): C | null => {
  const [body, signature, extra] = (token ?? '').split('.');
  if (!body || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(secret, purpose, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const claims: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    if (!isClaims(claims) || typeof claims.expires_at !== 'number') return null;
    return claims.expires_at > now.getTime() ? claims : null;
  } catch {
    return null;
  }
};
