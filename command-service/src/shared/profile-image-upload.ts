import type { Request } from 'express';
import { PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_TYPES, PROFILE_IMAGE_VARIANTS, type ProfileImageType, type ProfileImageVariant, type StoredImageSize, type StoredImageSizes, type StoredProfileImage } from '@cn/contracts';
import { FileTooLargeError, HttpProblem, type FileStorage } from '@cn/platform';
import { sniffContentType } from '../files/content-type';
import { boundaryOf, MultipartReader } from '../files/multipart';
import { UnreadableImageError, type ImageResizer } from './image-resizer';

const refused = (key: string, status = 400): HttpProblem => new HttpProblem(status, status === 413 ? 'payload_too_large' : 'validation_failed', [{ field: 'file', key }]);

const isProfileImageType = (type: string): type is ProfileImageType => (PROFILE_IMAGE_TYPES as readonly string[]).includes(type);

/** the multipart reader of a profile image upload; a body declared too large is refused before any of it is read */
export const profileImageReaderOf = (req: Request): MultipartReader => {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > PROFILE_IMAGE_MAX_BYTES + 64 * 1024) throw refused('file_too_large', 413);
  return new MultipartReader(req, boundaryOf(req.headers['content-type']));
};

/**
 * Streams the `file` part into the file storage (at most PROFILE_IMAGE_MAX_BYTES) and sniffs its type from
 * the bytes: a renamed non-image is refused (`image_type_not_accepted`) whatever its name or declared type.
 * Bytes refused after storing are named by no event: the files' sweep removes them.
 */
export const storeProfileImage = async (reader: MultipartReader, storage: FileStorage, options: UploadOptions = {}): Promise<StoredProfileImage> => {
  let stored: { key: string; size: number; head: Buffer } | null = null;
  for (let part = await reader.next(); part !== null; part = await reader.next()) {
    if (part.name === 'file' && part.filename !== null && stored === null) {
      // a name the network's extension filter refuses is refused before any byte is stored
      if (options.acceptName && !options.acceptName(part.filename)) throw refused('file_type_not_accepted');
      try {
        stored = await storage.put(reader.body(), { maxBytes: PROFILE_IMAGE_MAX_BYTES });
      } catch (error) {
        if (error instanceof FileTooLargeError) throw refused('file_too_large', 413);
        throw error;
      }
    } else {
      for await (const _ of reader.body()) {
        // other parts are skipped
      }
    }
  }
  if (!stored || stored.size === 0) throw refused('required');
  const contentType = sniffContentType(stored.head, '');
  if (!isProfileImageType(contentType)) throw refused('image_type_not_accepted');
  return { blob_key: stored.key, content_type: contentType, size: stored.size };
};

/** `acceptName`: the file part's name (as the client sent it) must pass it (the files' extension filter for editor images), else 400 `file_type_not_accepted` */
export interface UploadOptions {
  acceptName?: (filename: string) => boolean;
}

const bytesOf = async (storage: Pick<FileStorage, 'read'>, key: string): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.read(key)) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
};

/**
 * Stores an upload and the sizes the consoles show (small 200x200, large 435x435, WebP), all in the
 * file storage before the event is appended, which names every key: replaying the event never resizes.
 * Bytes that sniff as an image but do not decode are 400 `image_unreadable`; what was stored then is
 * named by no event and swept.
 */
export const storeProfileImageWithSizes = async (reader: MultipartReader, storage: FileStorage, resizer: ImageResizer, options: UploadOptions = {}): Promise<StoredProfileImage> => {
  const image = await storeProfileImage(reader, storage, options);
  const sizes = await storeSizesOf(image.blob_key, storage, resizer).catch((error: unknown) => {
    if (error instanceof UnreadableImageError) throw refused('image_unreadable');
    throw error;
  });
  return { ...image, sizes };
};

/**
 * Makes and stores the sizes of a stored upload (content-addressed: doing it again stores nothing new);
 * throws UnreadableImageError for bytes that do not decode. Uploads and the resizing of older images use it.
 */
export const storeSizesOf = async (blobKey: string, storage: Pick<FileStorage, 'read' | 'put'>, resizer: ImageResizer): Promise<StoredImageSizes> => {
  const resized = await resizer.profileSizes(await bytesOf(storage, blobKey));
  const sizes: Partial<Record<ProfileImageVariant, StoredImageSize>> = {};
  for (const name of PROFILE_IMAGE_VARIANTS) {
    const stored = await storage.put([resized[name].bytes]);
    sizes[name] = { blob_key: stored.key, content_type: resized[name].content_type, size: stored.size };
  }
  return sizes as StoredImageSizes;
};

/** the OpenAPI description of an image upload's body and refusals (members' and groups' routes) */
export const profileImageBody = {
  mediaType: 'multipart/form-data',
  schema: {
    type: 'object',
    required: ['file'],
    properties: { file: { type: 'string', format: 'binary', description: 'PNG, JPEG, GIF or WebP, at most 5 MiB; the type is sniffed from the bytes' } },
  },
};
export const profileImageRefusals = {
  400: 'validation_failed (file: required, image_type_not_accepted, image_unreadable, invalid_multipart)',
  401: 'unauthenticated',
  403: 'forbidden or invalid_csrf_token',
  404: 'not_found',
  413: 'payload_too_large (file: file_too_large)',
  415: 'unsupported_media_type (file: multipart_required)',
};
