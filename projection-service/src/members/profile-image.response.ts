import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';
import { PROFILE_IMAGE_TYPES } from '@cn/contracts';
import { BlobNotFoundError, HttpProblem, type FileStorage } from '@cn/platform';

/** what a member or group document keeps of its profile image */
export interface ProfileImageRef {
  blob_key: string;
  content_type: string;
  version: number;
}

/** the answers of a profile image route (members, groups); `notFound` says when it is 404 */
export const profileImageResponses = (notFound: string) => ({
  200: { description: 'the image (its sniffed type, X-Content-Type-Options: nosniff)', otherMediaTypes: [...PROFILE_IMAGE_TYPES] },
  304: 'not modified',
  401: 'unauthenticated',
  404: `not_found (${notFound})`,
});

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Sends a profile image as its sniffed type, never sniffed again by the browser (nosniff). The URL's
 * `v` is the position of the change: the URL of the current image is cached for a year (a new image
 * gets a new URL); any other `v` is answered with the current bytes but not cached.
 */
export const sendProfileImage = async (storage: FileStorage, image: ProfileImageRef, req: Request, res: Response): Promise<void> => {
  const current = req.query['v'] === String(image.version);
  const etag = `"v${image.version}"`;
  res.set({
    'Content-Type': image.content_type,
    'X-Content-Type-Options': 'nosniff',
    'Content-Disposition': 'inline',
    'Cache-Control': current ? `private, max-age=${YEAR_SECONDS}, immutable` : 'private, no-cache',
    ETag: etag,
  });
  if (req.headers['if-none-match'] === etag) {
    res.status(304).end();
    return;
  }
  const stream = await storage.read(image.blob_key).catch((error: unknown) => {
    if (error instanceof BlobNotFoundError) throw new HttpProblem(404, 'not_found');
    throw error;
  });
  res.status(200);
  await pipeline(stream, res).catch(() => res.destroy());
};
