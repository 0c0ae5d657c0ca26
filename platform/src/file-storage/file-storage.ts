import type { Readable } from 'node:stream';

/**
 * Where uploaded bytes live. Content-addressed: a blob's key is the SHA-256 of its bytes, so the same
 * bytes are stored once, a key never names two contents, and every full read can be checked against it.
 * Blobs are immutable; the port never overwrites one. Which blobs a file or version uses is recorded by
 * events; bytes that no event names (a crash between storing and appending) are collected by a sweep
 * (`sweepOrphanedBlobs`), never deleted by a command.
 */
export interface FileStorage {
  /**
   * Streams the source into storage (never the whole of it in memory). Answers the blob once it is
   * durable; throws `FileTooLargeError` as soon as more than `maxBytes` arrived (nothing is kept then).
   */
  put(source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, options?: { maxBytes?: number }): Promise<StoredBlob>;
  /**
   * The blob's bytes (`range`: inclusive offsets, clamped to the size). A full read fails with
   * `BlobCorruptedError` at its end when the bytes do not hash to the key. `BlobNotFoundError` when absent.
   */
  read(key: string, range?: ByteRange): Promise<Readable>;
  stat(key: string): Promise<BlobInfo | null>;
  /** removes the blob; removing an absent blob is no error */
  delete(key: string): Promise<void>;
  /** every stored blob (for the sweep) */
  list(): AsyncIterable<BlobInfo>;
  close(): Promise<void>;
}

export interface StoredBlob {
  /** the SHA-256 of the bytes, lowercase hex */
  key: string;
  size: number;
  /** the first bytes (at most HEAD_BYTES), for sniffing the content type from magic bytes */
  head: Buffer;
}

export interface BlobInfo {
  key: string;
  size: number;
  storedAt: Date;
}

export interface ByteRange {
  start: number;
  end: number;
}

export const HEAD_BYTES = 4096;

const BLOB_KEY = /^[0-9a-f]{64}$/;

/** a key is 64 lowercase hex digits: nothing a caller passes can name a path outside the store */
export const isBlobKey = (key: string): boolean => BLOB_KEY.test(key);

export class BlobNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`blob not found: ${key}`);
    this.name = 'BlobNotFoundError';
  }
}

export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`the upload exceeds ${maxBytes} bytes`);
    this.name = 'FileTooLargeError';
  }
}

export class BlobCorruptedError extends Error {
  constructor(readonly key: string, readonly actual: string) {
    super(`blob ${key} hashes to ${actual}`);
    this.name = 'BlobCorruptedError';
  }
}
