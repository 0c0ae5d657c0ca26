import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';
import { FILE_IMAGE_SIZE_NAMES, FILE_IMAGE_SIZES, isInlineImage, type FileImageSize } from '@cn/contracts';
import { BlobNotFoundError, type ByteRange, createPrivateBlobStorage, type FileStorage, HttpProblem, type KeyStore } from '@cn/platform';
import { contentDisposition, rangeOf } from './file-downloads.controller';
import type { FileVersionEntry } from './files.projection';

const isFileImageSize = (value: unknown): value is FileImageSize => typeof value === 'string' && (FILE_IMAGE_SIZE_NAMES as readonly string[]).includes(value);

/**
 * The bytes a request's `size` names of a version (`preview` 200x200, `thumb` 435x435, `lightbox` inside
 * 1920x1200, WebP without metadata): the version itself without `size`; an image not resized yet (or that
 * does not decode, or too large to resize) as uploaded; 400 for another size, 404 for a file that is no
 * image. Whoever may read the version reads its sizes: the caller has checked that already.
 */
export const versionAtSize = (version: FileVersionEntry, size: unknown): FileVersionEntry => {
  if (size === undefined) return version;
  if (!isFileImageSize(size)) throw new HttpProblem(400, 'validation_failed', [{ field: 'size', key: 'invalid_value' }]);
  if (!isInlineImage(version.content_type)) throw new HttpProblem(404, 'not_found', [{ field: 'size', key: 'not_an_image' }]);
  const sized = version.sizes?.[FILE_IMAGE_SIZES[size]];
  // a private upload's sizes are sealed for the same member as its bytes; a published file's are plain
  return sized ? { ...version, blob_key: sized.blob_key, content_type: sized.content_type, size: sized.size, sealed_for: version.sizes_sealed_for ?? null } : version;
};

/** a stored version's bytes, opened plain or unsealed with its owner's key */
export interface FileVersionBytes {
  open(version: Pick<FileVersionEntry, 'blob_key' | 'sealed_for'>, range?: ByteRange): Promise<Readable>;
}

/**
 * Every download of a file version opens its bytes here: a private upload (a volatile file, a message's
 * attachment) is sealed for its uploader, and once the uploader was erased (their key destroyed) its bytes
 * are gone for every reader: 404, as for bytes that never existed.
 */
export const fileVersionBytes = (storage: FileStorage, keys: KeyStore): FileVersionBytes => {
  const sealed = createPrivateBlobStorage(storage, keys);
  return {
    async open(version, range) {
      try {
        return version.sealed_for ? await sealed.read(version.sealed_for, version.blob_key, range) : await storage.read(version.blob_key, range);
      } catch (error) {
        if (error instanceof BlobNotFoundError) throw new HttpProblem(404, 'not_found');
        throw error;
      }
    },
  };
};

/**
 * Sends one stored version of a file, as every read-through route answers (a message's or a post's
 * attachment): one Range answered 206, 416 past the end, never sniffed by the browser (nosniff), named by
 * Content-Disposition (`inline` only where the caller chose a type a browser may show).
 */
export const sendFileVersion = async (
  bytes: FileVersionBytes,
  req: Request,
  res: Response,
  file: { version: FileVersionEntry; name: string; disposition: 'inline' | 'attachment' },
): Promise<void> => {
  const { version } = file;
  const range = rangeOf(req.headers.range, version.size);
  if (range === 'unsatisfiable') throw new HttpProblem(416, 'range_not_satisfiable', [], undefined, { 'Content-Range': `bytes */${version.size}` });
  const stream = await bytes.open(version, range ?? undefined);
  res.status(range ? 206 : 200);
  res.set({
    'Content-Type': version.content_type,
    'Content-Length': String(range ? range.end - range.start + 1 : version.size),
    'Content-Disposition': contentDisposition(file.disposition, file.name),
    'X-Content-Type-Options': 'nosniff',
    'Accept-Ranges': 'bytes',
    'Cache-Control': 'private, no-cache',
    ...(range ? { 'Content-Range': `bytes ${range.start}-${range.end}/${version.size}` } : {}),
  });
  await pipeline(stream, res).catch(() => res.destroy());
};
