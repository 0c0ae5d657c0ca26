import { createHmac, timingSafeEqual } from 'node:crypto';
import { designLogoFileId } from '@cn/contracts';
import { collectionName } from '@cn/domain';
import type { DocumentStore } from '@cn/platform';
import { currentVersionOf, type FileDocument, type FileVersionEntry } from '../files/files.projection';
import { filesCollection } from '../files/files.read';
import { designsProjection, type DesignDocument } from './designs.projection';

/** images a mail client may show; anything else a design names is never served without a session */
const LOGO_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/**
 * The address a mail uses for a design's logo: mail clients have no session, so the logo has its own
 * public route. The token is an HMAC (the server's secret) of the file and the bytes' key: unguessable
 * without the secret, and a new upload gets a new address, so what it names never changes (immutable).
 */
export const designLogoToken = (secret: string, fileId: string, blobKey: string): string =>
  createHmac('sha256', secret).update(`design-logo:${fileId}:${blobKey}`).digest('hex').slice(0, 40);

export const designLogoMailPath = (fileId: string, token: string): string => `/api/storage/design-logos/${encodeURIComponent(fileId)}/${token}`;

const logoVersion = (doc: FileDocument): FileVersionEntry | null => (doc.state === 'volatile' ? (doc.versions[doc.versions.length - 1] ?? null) : currentVersionOf(doc));

/** the file a live design names as its logo, with the version shown, when it is an image; null for any other file */
export const designLogoFile = async (store: DocumentStore, fileId: string): Promise<{ doc: FileDocument; version: FileVersionEntry } | null> => {
  const doc = await filesCollection(store).get(fileId);
  const version = doc ? logoVersion(doc) : null;
  if (!doc || !version || !LOGO_TYPES.has(version.content_type)) return null;
  const designs = await store.collection<DesignDocument>(collectionName(designsProjection)).find();
  return designs.some((design) => designLogoFileId(design.logo_url) === fileId) ? { doc, version } : null;
};

/** the public address of a design's logo, or null when the logo is no uploaded image a design names */
export const publicDesignLogoPath = async (store: DocumentStore, secret: string, logoUrl: string | null): Promise<string | null> => {
  const fileId = designLogoFileId(logoUrl);
  const found = fileId ? await designLogoFile(store, fileId) : null;
  return fileId && found ? designLogoMailPath(fileId, designLogoToken(secret, fileId, found.version.blob_key)) : null;
};

/** whether a token names the logo's current bytes (constant time) */
export const designLogoTokenMatches = (secret: string, fileId: string, blobKey: string, token: string): boolean => {
  const expected = Buffer.from(designLogoToken(secret, fileId, blobKey));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
};
