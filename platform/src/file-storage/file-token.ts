import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A short-lived token naming what a member asked to download as one archive (POST /api/v1/file_token,
 * then /api/storage/v2/archive?token=…): signed with the session secret, bound to the member, so the
 * archive route needs no stored state and refuses a token of someone else or one that ran out. What the
 * member may read is checked again when the archive is built.
 */
export interface FileTokenClaims {
  member_id: string;
  file_ids: string[];
  folder_ids: string[];
  /** epoch milliseconds */
  expires_at: number;
}

const sign = (secret: string, body: string): string => createHmac('sha256', `file-token:${secret}`).update(body).digest('base64url');

export const createFileToken = (secret: string, claims: FileTokenClaims): string => {
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${body}.${sign(secret, body)}`;
};

/** the claims, or null when the token is malformed, forged or expired */
export const readFileToken = (secret: string, token: string, now: Date): FileTokenClaims | null => {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as FileTokenClaims;
    if (typeof claims.member_id !== 'string' || !Array.isArray(claims.file_ids) || !Array.isArray(claims.folder_ids) || typeof claims.expires_at !== 'number') return null;
    return claims.expires_at > now.getTime() ? claims : null;
  } catch {
    return null;
  }
};
