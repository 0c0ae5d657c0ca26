import { createSignedToken, readSignedToken } from './signed-token';

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

const PURPOSE = 'file-token';

const isFileTokenClaims = (value: unknown): value is FileTokenClaims => {
  const claims = value as Partial<FileTokenClaims> | null;
  return typeof claims === 'object' && claims !== null && typeof claims.member_id === 'string' && Array.isArray(claims.file_ids) && Array.isArray(claims.folder_ids);
};

export const createFileToken = (secret: string, claims: FileTokenClaims): string => createSignedToken(secret, PURPOSE, claims);

/** the claims, or null when the token is malformed, forged or expired */
export const readFileToken = (secret: string, token: string, now: Date): FileTokenClaims | null => readSignedToken(secret, PURPOSE, token, now, isFileTokenClaims);

/**
 * A file's download token (GET /api/storage/files/{id}/token): for a client that cannot send the member's
 * cookies (an office or media player), usable as `?token=` on the file's download route for a few minutes.
 * Bound to the member and the file; the download decides again whether that member may read the file.
 */
export interface FileDownloadClaims {
  member_id: string;
  file_id: string;
  /** epoch milliseconds */
  expires_at: number;
}

const DOWNLOAD_PURPOSE = 'file-download';

const isFileDownloadClaims = (value: unknown): value is FileDownloadClaims => {
  const claims = value as Partial<FileDownloadClaims> | null;
  return typeof claims === 'object' && claims !== null && typeof claims.member_id === 'string' && typeof claims.file_id === 'string';
};

export const createFileDownloadToken = (secret: string, claims: FileDownloadClaims): string => createSignedToken(secret, DOWNLOAD_PURPOSE, claims);

/** the claims, or null when the token is malformed, forged, of another purpose or expired */
export const readFileDownloadToken = (secret: string, token: string, now: Date): FileDownloadClaims | null => readSignedToken(secret, DOWNLOAD_PURPOSE, token, now, isFileDownloadClaims);
