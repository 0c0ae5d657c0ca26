import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';
import { PROFILE_IMAGE_TYPES, PROFILE_IMAGE_VARIANTS, type ProfileImageSize, type ProfileImageVariant, type StoredProfileImage } from '@cn/contracts';
import { BlobNotFoundError, HttpProblem, type FileStorage } from '@cn/platform';

/** what a member or group document keeps of its profile image: the upload, its derived sizes (absent on images set before sizes existed) */
export interface ProfileImageRef {
  blob_key: string;
  content_type: string;
  version: number;
  sizes?: Record<ProfileImageSize, { blob_key: string; content_type: string }> & { lightbox?: { blob_key: string; content_type: string } };
}

/**
 * The image with the sizes a resizing event made for it (an image set before sizes existed), under a new
 * version (the event's position: a cached URL of the old version showed the upload). Another upload, or an
 * image that has sizes, stays as it is.
 */
export const withResizedImage = (image: ProfileImageRef | null | undefined, resized: { blob_key: string; sizes: NonNullable<StoredProfileImage['sizes']> }, version: number): ProfileImageRef | null => {
  if (!image || image.blob_key !== resized.blob_key || image.sizes) return image ?? null;
  return {
    ...image,
    version,
    sizes: {
      small: { blob_key: resized.sizes.small.blob_key, content_type: resized.sizes.small.content_type },
      large: { blob_key: resized.sizes.large.blob_key, content_type: resized.sizes.large.content_type },
      ...(resized.sizes.lightbox ? { lightbox: { blob_key: resized.sizes.lightbox.blob_key, content_type: resized.sizes.lightbox.content_type } } : {}),
    },
  };
};

/** the document's image from an image event's data (`MemberProfileImageChanged`, `GroupProfileImageChanged`) */
export const profileImageRefOf = (data: StoredProfileImage, version: number): ProfileImageRef => ({
  blob_key: data.blob_key,
  content_type: data.content_type,
  version,
  ...(data.sizes
    ? {
        sizes: {
          small: { blob_key: data.sizes.small.blob_key, content_type: data.sizes.small.content_type },
          large: { blob_key: data.sizes.large.blob_key, content_type: data.sizes.large.content_type },
          ...(data.sizes.lightbox ? { lightbox: { blob_key: data.sizes.lightbox.blob_key, content_type: data.sizes.lightbox.content_type } } : {}),
        },
      }
    : {}),
});

const isSize = (value: unknown): value is ProfileImageVariant => typeof value === 'string' && (PROFILE_IMAGE_VARIANTS as readonly string[]).includes(value);

/**
 * The bytes a request names: `size=small|large|lightbox` a derived size (400 for another size); without `size`, the
 * large one (the upload itself keeps its metadata and is never served once sizes exist). An image set
 * before sizes existed is served as uploaded at every size.
 */
export const variantOf = (image: ProfileImageRef, req: Pick<Request, 'query'>): { blob_key: string; content_type: string; tag: string } => {
  const asked = req.query['size'];
  if (asked !== undefined && !isSize(asked)) throw new HttpProblem(400, 'validation_failed', [{ field: 'size', key: 'invalid_value' }]);
  // sizes made before the lightbox existed: its large square stands in
  const size = asked === 'lightbox' && image.sizes && !image.sizes.lightbox ? 'large' : (asked ?? 'large');
  const variant = image.sizes?.[size];
  return variant ? { ...variant, tag: `v${image.version}-${size}` } : { blob_key: image.blob_key, content_type: image.content_type, tag: `v${image.version}` };
};

/** the answers of a profile image route (members, groups); `notFound` says when it is 404 */
export const profileImageResponses = (notFound: string) => ({
  200: { description: 'the image at `size` (small 200x200, large 435x435, lightbox inside 1920x1200, WebP; an image set before sizes existed: as uploaded, its sniffed type), X-Content-Type-Options: nosniff', otherMediaTypes: [...PROFILE_IMAGE_TYPES] },
  304: 'not modified',
  400: 'validation_failed (size: invalid_value)',
  401: 'unauthenticated',
  404: `not_found (${notFound})`,
});

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Sends a profile image as its sniffed type, never sniffed again by the browser (nosniff). The URL's
 * `v` is the position of the change: the URL of the current image is cached for a year (a new image
 * gets a new URL); any other `v` is answered with the current bytes but not cached.
 */
export const sendProfileImage = async (storage: FileStorage, image: ProfileImageRef, req: Pick<Request, 'query' | 'headers'>, res: Response, options: { immutable?: boolean } = {}): Promise<void> => {
  const variant = variantOf(image, req);
  // an upload that is never replaced (a channel's pictures) has no version in its URL: every URL of it is current
  const current = options.immutable === true || req.query['v'] === String(image.version);
  const etag = `"${variant.tag}"`;
  res.set({
    'Content-Type': variant.content_type,
    'X-Content-Type-Options': 'nosniff',
    'Content-Disposition': 'inline',
    'Cache-Control': current ? `private, max-age=${YEAR_SECONDS}, immutable` : 'private, no-cache',
    ETag: etag,
  });
  if (req.headers['if-none-match'] === etag) {
    res.status(304).end();
    return;
  }
  const stream = await storage.read(variant.blob_key).catch((error: unknown) => {
    if (error instanceof BlobNotFoundError) throw new HttpProblem(404, 'not_found');
    throw error;
  });
  res.status(200);
  await pipeline(stream, res).catch(() => res.destroy());
};
