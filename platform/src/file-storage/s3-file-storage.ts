import { randomUUID } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import type * as S3 from '@aws-sdk/client-s3';
import type * as S3Storage from '@aws-sdk/lib-storage';
import { StorageUnavailableError } from '@cn/platform/storage';
import { BlobNotFoundError, type BlobInfo, type ByteRange, type FileStorage, isBlobKey, type StoredBlob } from './file-storage';
import { Measure, verifyingStream } from './hashing';

export interface S3FileStorageOptions {
  /** e.g. http://127.0.0.1:7070 (S3_URL); unset: AWS's own endpoint for the region */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** path-style addressing (most S3-compatible servers want it) */
  forcePathStyle?: boolean;
}

/* eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded when a storage is made, not with the platform: a process on the embedded stores (a rebuild, the standalone server) never loads it */
const s3 = (): typeof S3 => require('@aws-sdk/client-s3') as typeof S3;

/* eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded when a storage is made, not with the platform: a process on the embedded stores (a rebuild, the standalone server) never loads it */
const s3Storage = (): typeof S3Storage => require('@aws-sdk/lib-storage') as typeof S3Storage;

const BLOBS = 'blobs/';
const TMP = 'tmp/';

const statusOf = (error: unknown): number | undefined => (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
const isNotFound = (error: unknown): boolean => statusOf(error) === 404 || ['NotFound', 'NoSuchKey', 'NoSuchBucket'].includes((error as { name?: string }).name ?? '');

/** a server out of reach or failing (5xx, connection refused) is a storage fault of the moment: 503 */
const fault = (error: unknown): unknown => {
  const status = statusOf(error);
  const code = (error as { code?: string }).code ?? '';
  if ((status !== undefined && status >= 500) || ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE'].includes(code)) {
    return new StorageUnavailableError(`S3: ${(error as Error).message}`, { cause: error });
  }
  return error;
};

/**
 * The production file storage, on an S3 bucket through the official client. A put streams into
 * `tmp/<uuid>` with a multipart upload (lib-storage, parts of 8 MiB: memory stays flat), hashing as it
 * goes, then copies the object to `blobs/<sha256>` and removes the temporary one. A crash leaves at most a
 * `tmp/` object, which the sweep (`list` includes no tmp objects; `sweepTemporary`) removes; a bucket
 * lifecycle rule on `tmp/` does the same in production.
 */
export const createS3FileStorage = (options: S3FileStorageOptions): FileStorage & { sweepTemporary(olderThan: Date): Promise<number> } => {
  const sdk = s3();
  const client = new sdk.S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: options.forcePathStyle ?? true,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
  });
  const Bucket = options.bucket;
  let bucketReady: Promise<void> | null = null;
  const ensureBucket = (): Promise<void> => {
    bucketReady ??= (async () => {
      try {
        await client.send(new sdk.HeadBucketCommand({ Bucket }));
      } catch (error) {
        if (!isNotFound(error)) throw fault(error);
        await client.send(new sdk.CreateBucketCommand({ Bucket })).catch((created: unknown) => {
          if (!['BucketAlreadyOwnedByYou', 'BucketAlreadyExists'].includes((created as { name?: string }).name ?? '')) throw fault(created);
        });
      }
    })().catch((error: unknown) => {
      bucketReady = null;
      throw error;
    });
    return bucketReady;
  };

  const statOf = async (key: string): Promise<BlobInfo | null> => {
    if (!isBlobKey(key)) return null;
    await ensureBucket();
    try {
      const head = await client.send(new sdk.HeadObjectCommand({ Bucket, Key: BLOBS + key }));
      return { key, size: head.ContentLength ?? 0, storedAt: head.LastModified ?? new Date(0) };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw fault(error);
    }
  };

  const listPrefix = async function* (Prefix: string): AsyncIterable<{ Key: string; Size: number; LastModified: Date }> {
    await ensureBucket();
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new sdk.ListObjectsV2Command({ Bucket, Prefix, ContinuationToken })).catch((error: unknown) => {
        throw fault(error);
      });
      for (const object of page.Contents ?? []) {
        if (object.Key) yield { Key: object.Key, Size: object.Size ?? 0, LastModified: object.LastModified ?? new Date(0) };
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  };

  return {
    async put(source, putOptions = {}): Promise<StoredBlob> {
      await ensureBucket();
      const temporary = TMP + randomUUID();
      const measure = new Measure(putOptions.maxBytes ?? Number.MAX_SAFE_INTEGER);
      const body = new PassThrough({ highWaterMark: 1024 * 1024 });
      const upload = new (s3Storage().Upload)({ client, params: { Bucket, Key: temporary, Body: body }, partSize: 8 * 1024 * 1024, queueSize: 2, leavePartsOnError: false });
      const uploaded = upload.done();
      uploaded.catch(() => undefined);
      try {
        for await (const chunk of source) {
          const buffer = measure.take(chunk);
          if (!body.write(buffer)) await new Promise<void>((resolve) => body.once('drain', resolve));
        }
        body.end();
        await uploaded;
      } catch (error) {
        body.destroy();
        await upload.abort().catch(() => undefined);
        await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: temporary })).catch(() => undefined);
        throw fault(error);
      }
      const key = measure.hash.digest('hex');
      try {
        if ((await statOf(key)) === null) {
          await client.send(new sdk.CopyObjectCommand({ Bucket, Key: BLOBS + key, CopySource: `${Bucket}/${temporary}` }));
        }
      } catch (error) {
        throw fault(error);
      } finally {
        await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: temporary })).catch(() => undefined);
      }
      return { key, size: measure.size, head: measure.head };
    },

    async read(key: string, range?: ByteRange): Promise<Readable> {
      if (!isBlobKey(key)) throw new BlobNotFoundError(key);
      await ensureBucket();
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket, Key: BLOBS + key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }));
        const body = object.Body;
        if (!(body instanceof Readable)) throw new Error('the S3 client answered no stream');
        return range ? body : body.pipe(verifyingStream(key));
      } catch (error) {
        if (isNotFound(error)) throw new BlobNotFoundError(key);
        throw fault(error);
      }
    },

    stat: statOf,

    async delete(key: string): Promise<void> {
      if (!isBlobKey(key)) return;
      await ensureBucket();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: BLOBS + key })).catch((error: unknown) => {
        if (!isNotFound(error)) throw fault(error);
      });
    },

    async *list(): AsyncIterable<BlobInfo> {
      for await (const object of listPrefix(BLOBS)) {
        const key = object.Key.slice(BLOBS.length);
        if (isBlobKey(key)) yield { key, size: object.Size, storedAt: object.LastModified };
      }
    },

    async sweepTemporary(olderThan: Date): Promise<number> {
      let removed = 0;
      for await (const object of listPrefix(TMP)) {
        if (object.LastModified >= olderThan) continue;
        await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: object.Key }));
        removed += 1;
      }
      return removed;
    },

    close: () => {
      client.destroy();
      return Promise.resolve();
    },
  };
};
